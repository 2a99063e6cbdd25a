# ns-2.35 side of the bench's multi-flow rows (bench/memory.ts; optional: only when `ns` is on
# the PATH). N bulk TCP flows on the Fall & Floyd dumbbell, each from its own source
# (Si -8Mb/0ms/50- R1 -800Kb/100ms/8- K1), all starting at 1 s, with the Fall & Floyd
# test-suite settings of long-run.tcl, no loss model, no trace output: the engine-only cost.
#
# Usage: ns multi-flow.tcl variant=sack flows=4 stop=200 window=28
#   prints "packets_sent <n>" at the end (data packets of all flows, retransmissions included).
array set opt { variant sack flows 4 stop 200 window 28 }
foreach a $argv {
  set i [string first = $a]
  set opt([string range $a 0 [expr {$i - 1}]]) [string range $a [expr {$i + 1}] end]
}
Agent/TCP set windowInit_ 1
Agent/TCP set syn_ false
Agent/TCP set delay_growth_ false
Agent/TCP set singledup_ 0
Agent/TCP set precisionReduce_ false
Agent/TCP set updated_rttvar_ false
Agent/TCP set minrto_ 1
Agent/TCP set tcpTick_ 0.01
Agent/TCP set maxburst_ 0
Agent/TCP set bugFix_ true

set ns [new Simulator]
set r1 [$ns node]
set k1 [$ns node]
$ns duplex-link $r1 $k1 800Kb 100ms DropTail
$ns queue-limit $r1 $k1 8
$ns queue-limit $k1 $r1 8
set tcps {}
for {set i 0} {$i < $opt(flows)} {incr i} {
  set s [$ns node]
  $ns duplex-link $s $r1 8Mb 0ms DropTail
  $ns queue-limit $s $r1 50
  $ns queue-limit $r1 $s 50
  switch -- $opt(variant) {
    reno    { set tcp [$ns create-connection TCP/Reno $s TCPSink $k1 $i] }
    newreno { set tcp [$ns create-connection TCP/Newreno $s TCPSink $k1 $i] }
    sack    { set tcp [$ns create-connection TCP/Sack1 $s TCPSink/Sack1 $k1 $i] }
    default { puts stderr "unknown variant $opt(variant)"; exit 2 }
  }
  $tcp set window_ $opt(window)
  set ftp [$tcp attach-app FTP]
  $ns at 1.0 "$ftp start"
  lappend tcps $tcp
}
proc finish {} {
  global tcps
  set n 0
  foreach t $tcps { incr n [$t set ndatapack_] }
  puts "packets_sent $n"
  exit 0
}
$ns at $opt(stop) "finish"
$ns run
