# One ns-2.35 run of an Agent/UDP + Application/Traffic/CBR flow through the Fall & Floyd
# bottleneck (scripts/ns2/ff96.tcl's topology), alone or sharing it with one bulk TCP flow:
#
#   S1 --(8Mb, 0ms, queue 50)-- R1 --(bw, delay, queue qlimit)-- K1
#
# flow 1 (fid 1): UDP S1 -> K1, CBR from `udpstart`, one packet of `size` bytes every 1/pps s;
# flow 2 (fid 2, only with tcp=…): FTP over TCP S1 -> K1 from `tcpstart`, Fall & Floyd settings.
# Only used to produce test fixtures (scripts/ns2/udp-regen.mjs); the project never needs ns-2
# to build, run or test.
#
# ns-2's Agent/UDP adds no header (udp.cc UdpAgent::sendmsg: the packet's size is the
# application's bytes), so `size` is the whole datagram on the wire: the engine's mssBytes + 28.
# CBR's interval is set through rate_ = 8 · size · pps (cbr_traffic.cc init: interval_ =
# (size_ << 3) / rate_), which for a whole pps is the double nearest 1/pps, the engine's
# interval; random_ 0 (no dither): the first packet at start, then one every interval.
#
# Usage: ns udp.tcl key=value ...
#   pps       CBR packets per second (whole number)          (50)
#   size      CBR packetSize_, bytes on the wire              (1000)
#   udpstart  CBR start, seconds                              (1.0)
#   tcp       none | reno | sack                              (none)
#   tcpstart  FTP start, seconds                              (1.0)
#   qlimit, bw, delay   the R1-K1 link                        (8, 800Kb, 100ms)
#   stop      seconds                                         (6.0)
#
# Output (stdout): E <exact time> <ns-2 trace line> for every packet event on every link, in
# ns-2's processing order; the exact time is `$ns now`, the scheduler's double.

array set opt {
  pps 50 size 1000 udpstart 1.0 tcp none tcpstart 1.0 qlimit 8 bw 800Kb delay 100ms stop 6.0
}
foreach a $argv {
  set i [string first = $a]
  if {$i < 0} { puts stderr "bad argument $a"; exit 2 }
  set opt([string range $a 0 [expr {$i - 1}]]) [string range $a [expr {$i + 1}] end]
}

Trace set show_tcphdr_ 1
Trace set callback_ 1
# The Fall & Floyd TCP settings (ff96.tcl's defaults).
Agent/TCP set windowInit_ 1
Agent/TCP set syn_ false
Agent/TCP set delay_growth_ false
Agent/TCP set singledup_ 0
Agent/TCP set precisionReduce_ false
Agent/TCP set minrto_ 1
Agent/TCP set tcpTick_ 0.01
Agent/TCP set maxburst_ 0
Agent/TCP set bugFix_ true
Agent/TCP set numdupacks_ 3

set ns [new Simulator]
set devnull [open /dev/null w]
$ns trace-all $devnull

set s1 [$ns node]
set r1 [$ns node]
set k1 [$ns node]
$ns duplex-link $s1 $r1 8Mb 0ms DropTail
$ns duplex-link $r1 $k1 $opt(bw) $opt(delay) DropTail
$ns queue-limit $s1 $r1 50
$ns queue-limit $r1 $s1 50
$ns queue-limit $r1 $k1 $opt(qlimit)
$ns queue-limit $k1 $r1 $opt(qlimit)

set udp [new Agent/UDP]
$udp set packetSize_ 1500     ;# larger than any CBR packet: one datagram per sendmsg
$udp set fid_ 1
$ns attach-agent $s1 $udp
set null [new Agent/Null]
$ns attach-agent $k1 $null
$ns connect $udp $null
set cbr [new Application/Traffic/CBR]
$cbr set packetSize_ $opt(size)
$cbr set rate_ [expr {8 * $opt(size) * $opt(pps)}]
$cbr set random_ 0
$cbr attach-agent $udp

switch -- $opt(tcp) {
  none {}
  reno { set tcp [$ns create-connection TCP/Reno $s1 TCPSink $k1 2] }
  sack { set tcp [$ns create-connection TCP/Sack1 $s1 TCPSink/Sack1 $k1 2] }
  default { puts stderr "unknown tcp $opt(tcp)"; exit 2 }
}
if {$opt(tcp) ne "none"} {
  $tcp set window_ 28
  set ftp [$tcp attach-app FTP]
}

Trace instproc handle {line} {
  global ns
  puts "E [$ns now] $line"
}

# Flow 1 first: at equal start times the engine starts flows in flow order too.
$ns at $opt(udpstart) "$cbr start"
if {$opt(tcp) ne "none"} { $ns at $opt(tcpstart) "$ftp start" }
$ns at $opt(stop) "flush stdout; exit 0"
$ns run
