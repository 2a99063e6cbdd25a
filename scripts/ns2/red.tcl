# One ns-2.35 run of TCP flows through a RED bottleneck (queue/red.cc), with or without ECN:
#
#   S<i> --(10Mb, adelay<i>, DropTail 100)-- R1 --(bw, delay, RED limit q)-- K1
#
# n bulk FTP/TCP flows S<i> -> K1 (Fall & Floyd TCP settings as scripts/ns2/ff96.tcl), flow i
# starting at start<i>. RED runs on both directions of R1-K1 (`duplex-link … RED`). Only used
# to produce test fixtures (scripts/ns2/red-regen.mjs); the project never needs ns-2.
#
# Usage: ns red.tcl key=value ...
#   variant    reno | newreno | sack                     (reno)
#   n          flows, 1..4                               (2)
#   starts     comma list of start times, s              (1.0,1.3)
#   adelays    comma list of access delays, s            (0.001,0.011)
#   bw, delay  bottleneck                                (1.5Mb, 20ms)
#   q          RED's hard limit, packets (queue-limit)   (30)
#   minth maxth  thresh_ / maxthresh_, packets (0 = ns-2's automatic)   (0 0)
#   linterm    1 / max_p                                 (10)
#   wq         q_weight_ (0, -1, -2: automatic)          (-1)
#   gentle bytes wait   gentle_, bytes_ = queue_in_bytes_, wait_ (1/0)   (1 1 1)
#   meanpkt    mean_pktsize_, bytes                      (500)
#   usemarkp   use_mark_p_ (1/0), mark_p_ 0.1            (1)
#   ecn        TCP ecn_ and RED setbit_ (1/0)            (0)
#   window     receiver window, packets                  (28)
#   delack     delayed-ACK sinks (1/0)                   (0)
#   stop                                                 (10)
#
# Output (stdout), in ns-2's processing order:
#   P <q_weight_> <thresh_> <maxthresh_>   RED's parameters after ns-2 set them (R1->K1)
#   E <exact time> <ns-2 trace line>       every packet event on every link
#   V <exact time> <flow> <cause> <cwnd> <ssthresh>   a sender's cwnd or ssthresh change
#   B <flow> <k>   the flow's clock phase (boot_time_) is the k-th draw of ns-2's default stream
array set opt {
  variant reno n 2 starts 1.0,1.3 adelays 0.001,0.011 bw 1.5Mb delay 20ms q 30
  minth 0 maxth 0 linterm 10 wq -1 gentle 1 bytes 1 wait 1 meanpkt 500 usemarkp 1 ecn 0
  window 28 delack 0 stop 10
}
foreach a $argv {
  set i [string first = $a]
  if {$i < 0} { puts stderr "bad argument $a"; exit 2 }
  set opt([string range $a 0 [expr {$i - 1}]]) [string range $a [expr {$i + 1}] end]
}
proc tclbool {x} { expr {$x ? "true" : "false"} }

Trace set show_tcphdr_ 1
Trace set callback_ 1
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
Agent/TCP set ecn_ $opt(ecn)
Agent/TCP/Newreno set newreno_changes1_ 0
Agent/TCP/Newreno set partial_window_deflation_ 0

Queue/RED set thresh_ $opt(minth)
Queue/RED set maxthresh_ $opt(maxth)
Queue/RED set linterm_ $opt(linterm)
Queue/RED set q_weight_ $opt(wq)
Queue/RED set gentle_ [tclbool $opt(gentle)]
Queue/RED set bytes_ [tclbool $opt(bytes)]
Queue/RED set queue_in_bytes_ [tclbool $opt(bytes)]
Queue/RED set wait_ [tclbool $opt(wait)]
Queue/RED set mean_pktsize_ $opt(meanpkt)
Queue/RED set use_mark_p_ [tclbool $opt(usemarkp)]
Queue/RED set setbit_ [tclbool $opt(ecn)]

set ns [new Simulator]
set devnull [open /dev/null w]
$ns trace-all $devnull

# Node ids: R1 0, K1 1, S1 2, S2 3, …
set r1 [$ns node]
set k1 [$ns node]
$ns duplex-link $r1 $k1 $opt(bw) $opt(delay) RED
$ns queue-limit $r1 $k1 $opt(q)
$ns queue-limit $k1 $r1 $opt(q)
set starts [split $opt(starts) ,]
set adelays [split $opt(adelays) ,]
set dl [expr {$opt(delack) ? "/DelAck" : ""}]
for {set i 1} {$i <= $opt(n)} {incr i} {
  set s($i) [$ns node]
  $ns duplex-link $s($i) $r1 10Mb [lindex $adelays [expr {$i - 1}]] DropTail
  $ns queue-limit $s($i) $r1 100
  $ns queue-limit $r1 $s($i) 100
  switch -- $opt(variant) {
    reno    { set tcp($i) [$ns create-connection TCP/Reno $s($i) TCPSink$dl $k1 $i] }
    newreno { set tcp($i) [$ns create-connection TCP/Newreno $s($i) TCPSink$dl $k1 $i] }
    sack    { set tcp($i) [$ns create-connection TCP/Sack1 $s($i) TCPSink/Sack1$dl $k1 $i] }
    default { puts stderr "unknown variant $opt(variant)"; exit 2 }
  }
  $tcp($i) set window_ $opt(window)
  set ftp($i) [$tcp($i) attach-app FTP]
  $ns at [lindex $starts [expr {$i - 1}]] "$ftp($i) start"
}
set red [[$ns link $r1 $k1] queue]
puts "P [format %.17g [$red set q_weight_]] [format %.17g [$red set thresh_]] [format %.17g [$red set maxthresh_]]"

array set last {}
proc snap {f cause} {
  global ns tcp last
  set v [list [$tcp($f) set cwnd_] [$tcp($f) set ssthresh_]]
  if {![info exists last($f)] || $v != $last($f)} {
    set last($f) $v
    puts "V [$ns now] $f $cause $v"
  }
}

Trace instproc handle {line} {
  global ns
  set now [$ns now]
  set f [regexp -all -inline {\S+} $line]
  puts "E $now $line"
  set ev [lindex $f 0]
  set fid [lindex $f 7]
  set to [lindex $f 3]
  set snode [lindex [split [lindex $f 8] .] 0]
  if {$ev == "r" && [lindex $f 4] == "ack" && $to == [lindex [split [lindex $f 9] .] 0]} {
    $ns at $now "snap $fid ack"
  } elseif {$ev == "+" && [lindex $f 4] == "tcp" && [lindex $f 2] == $snode} {
    $ns at $now "snap $fid timer"
  }
}

# Clock phase (as scripts/ns2/replay.tcl): boot_time_ = Random::uniform(tcp_tick_) from the
# default stream, drawn when each agent is made (flows 1..n) and again when `$ns run` resets
# every node's agents (in `array names Node_` order); the second value stays.
set draw $opt(n)
array set tcpFlow {}
for {set i 1} {$i <= $opt(n)} {incr i} { set tcpFlow($tcp($i)) $i }
foreach nn [$ns array names Node_] {
  foreach a [[$ns set Node_($nn)] set agents_] {
    if {[info exists tcpFlow($a)]} { incr draw; puts "B $tcpFlow($a) $draw" }
  }
}
$ns at $opt(stop) "exit 0"
$ns run
