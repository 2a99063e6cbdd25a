# Cross-check of the Alamgir et al. Fig. 8 scenario of tests/engine/narratives-tcp.test.ts
# with ns-2.35 itself (optional; not needed by the project).
#
#   ns scripts/ns2/alamgir-fig8.tcl
#
# N0 -10Mb,2ms- N2 -3Mb,250ms (buffers 10)- N3 -10Mb,2ms- N4; Agent/TCP/Sack1 -> TCPSink/Sack1,
# 1448-byte segments, window 45, initial cwnd 2, no SYN, no delayed ACK, FTP from 1.31484 s;
# packet 7 dropped once at N3 (after crossing the satellite link). Prints the drop, every ACK
# reaching N0 with cwnd/ssthresh after it, and every data packet N0 sends, with exact times.
# Expected: seven dupacks 3.968 ms apart, packet 7 re-sent on the 3rd (cwnd 8 -> 4), nothing on
# the 4th, packets 15, 16, 17 on the 5th-7th — the engine's events, 0.171 ms later in the
# engine because ns-2 sends packet 1 without its 40-byte header.

Trace set show_tcphdr_ 1
Trace set callback_ 1
Agent/TCP set windowInit_ 2
Agent/TCP set syn_ false
Agent/TCP set delay_growth_ false
Agent/TCP set singledup_ 0
Agent/TCP set precisionReduce_ false
Agent/TCP set minrto_ 1
Agent/TCP set packetSize_ 1448

set ns [new Simulator]
$ns trace-all [open /dev/null w]
set n0 [$ns node]
set n2 [$ns node]
set n3 [$ns node]
set n4 [$ns node]
$ns duplex-link $n0 $n2 10Mb 2ms DropTail
$ns duplex-link $n2 $n3 3Mb 250ms DropTail
$ns duplex-link $n3 $n4 10Mb 2ms DropTail
$ns queue-limit $n2 $n3 10
$ns queue-limit $n3 $n2 10
$ns queue-limit $n3 $n4 10

# drop the first transmission of packet 7 (seqno 6) in front of N3's queue towards N4
set em [new ErrorModel]
$em unit pkt
$em set rate_ 1.0
$em set enable_ 0
$ns lossmodel $em $n3 $n4
set dropped 0

set tcp [$ns create-connection TCP/Sack1 $n0 TCPSink/Sack1 $n4 1]
$tcp set window_ 45
set ftp [$tcp attach-app FTP]
$ns at 1.31484 "$ftp start"

set N0 [$n0 id]
set N3 [$n3 id]
proc after_ack {cum} {
  global ns tcp
  puts "ACK [$ns now] cum=$cum cwnd=[$tcp set cwnd_] ssthresh=[$tcp set ssthresh_]"
}
Trace instproc handle {line} {
  global ns em tcp N0 N3 dropped
  set f [regexp -all -inline {\S+} $line]
  set ev [lindex $f 0]
  set pkt [expr {[lindex $f 10] + 1}]
  if {$ev == "r" && [lindex $f 3] == $N3 && [lindex $f 4] == "tcp"} {
    set hit [expr {$pkt == 7 && !$dropped}]
    if {$hit} { set dropped 1 }
    $em set enable_ $hit
  }
  if {$ev == "d"} { puts "DROP [$ns now] pkt=$pkt cwnd=[$tcp set cwnd_]" }
  if {$ev == "r" && [lindex $f 3] == $N0} { $ns at [$ns now] "after_ack $pkt" }
  if {$ev == "+" && [lindex $f 2] == $N0 && [lindex $f 4] == "tcp"} { puts "SEND [$ns now] pkt=$pkt" }
}
$ns at 3.5 "exit 0"
$ns run
