# ns-2.35 side of `npm run bench` (optional: used only when `ns` is on the PATH).
# One bulk TCP flow on the Fall & Floyd topology (S1 -8Mb/0ms/50- R1 -800Kb/100ms/8- K1)
# with the Fall & Floyd test-suite settings (scripts/ns2/ff96.tcl), Bernoulli loss of
# packets in front of R1's queue towards K1, no trace output: the engine-only cost.
#
# Usage: ns long-run.tcl variant=sack stop=2000 loss=0.01 seed=1
#   prints "packets_sent <n>" at the end (data packets, retransmissions included).
array set opt { variant sack stop 2000 loss 0.01 seed 1 window 28 }
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
set s1 [$ns node]
set r1 [$ns node]
set k1 [$ns node]
$ns duplex-link $s1 $r1 8Mb 0ms DropTail
$ns duplex-link $r1 $k1 800Kb 100ms DropTail
$ns queue-limit $s1 $r1 50
$ns queue-limit $r1 $s1 50
$ns queue-limit $r1 $k1 8
$ns queue-limit $k1 $r1 8

set rng [new RNG]
$rng seed $opt(seed)
set rv [new RandomVariable/Uniform]
$rv use-rng $rng
set em [new ErrorModel]
$em unit pkt
$em set rate_ $opt(loss)
$em ranvar $rv
$em drop-target [new Agent/Null]
$ns lossmodel $em $r1 $k1

switch -- $opt(variant) {
  reno    { set tcp [$ns create-connection TCP/Reno $s1 TCPSink $k1 1] }
  newreno { set tcp [$ns create-connection TCP/Newreno $s1 TCPSink $k1 1] }
  sack    { set tcp [$ns create-connection TCP/Sack1 $s1 TCPSink/Sack1 $k1 1] }
  default { puts stderr "unknown variant $opt(variant)"; exit 2 }
}
$tcp set window_ $opt(window)
set ftp [$tcp attach-app FTP]
$ns at 1.0 "$ftp start"
proc finish {} {
  global tcp
  puts "packets_sent [$tcp set ndatapack_]"
  exit 0
}
$ns at $opt(stop) "finish"
$ns run
