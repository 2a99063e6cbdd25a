# One ns-2.35 run of a dynamic network: a pentagon with a short and a long route from S to K,
#
#   S --(10Mb, 10ms)-- A --(1Mb, 20ms, queue q)-- K
#   S --(10Mb, 10ms)-- B --(10Mb, 10ms)-- C --(1Mb, 20ms, queue q)-- K
#
# bulk TCP flows S -> K (flow 1, and with two=1 flow 2 from B -> K), Fall & Floyd TCP settings
# (scripts/ns2/ff96.tcl); the link `fail` (A-K or C-K, both, or none) goes down at `down` and up
# again at `up` (`$ns rtmodel-at`). Routing: `$ns rtproto Session` — routes recomputed over the
# links that are up the moment a link changes (ns-2's default Static routing computes them once).
# Only used to produce test fixtures (scripts/ns2/dynamic-regen.mjs); the project never needs
# ns-2 to build, run or test.
#
# Usage: ns dynamic.tcl key=value ...
#   variant  reno | sack            (reno)
#   fail     AK | CK | AK+CK        (AK)
#   down, up seconds ("" = never)   (2.0, "")
#   two      second flow B -> K (1/0)  (0)
#   q        queue limit of A-K and C-K (10)
#   start, start2, stop              (1.0, 1.0, 6.0)
#
# Output (stdout), in ns-2's processing order:
#   E <exact time> <ns-2 trace line>     every packet event on every link
#   V <exact time> <flow> <cause> cwnd ssthresh   a sender's cwnd or ssthresh after an ACK or its timer
array set opt {
  variant reno fail AK down 2.0 up {} two 0 q 10 start 1.0 start2 1.0 stop 6.0
}
foreach a $argv {
  set i [string first = $a]
  if {$i < 0} { puts stderr "bad argument $a"; exit 2 }
  set opt([string range $a 0 [expr {$i - 1}]]) [string range $a [expr {$i + 1}] end]
}

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

set ns [new Simulator]
$ns rtproto Session
set devnull [open /dev/null w]
$ns trace-all $devnull

# Node ids 0..4 = S A K B C.
set s [$ns node]
set a [$ns node]
set k [$ns node]
set b [$ns node]
set c [$ns node]
$ns duplex-link $s $a 10Mb 10ms DropTail
$ns duplex-link $a $k 1Mb 20ms DropTail
$ns duplex-link $s $b 10Mb 10ms DropTail
$ns duplex-link $b $c 10Mb 10ms DropTail
$ns duplex-link $c $k 1Mb 20ms DropTail
foreach {x y} [list $a $k $k $a $c $k $k $c] { $ns queue-limit $x $y $opt(q) }
foreach {x y} [list $s $a $a $s $s $b $b $s $b $c $c $b] { $ns queue-limit $x $y 50 }

proc sender {variant from fid} {
  global ns k
  switch -- $variant {
    reno { set t [$ns create-connection TCP/Reno $from TCPSink $k $fid] }
    sack { set t [$ns create-connection TCP/Sack1 $from TCPSink/Sack1 $k $fid] }
    default { puts stderr "unknown variant $variant"; exit 2 }
  }
  $t set window_ 28
  return $t
}
set tcp(1) [sender $opt(variant) $s 1]
set ftp(1) [$tcp(1) attach-app FTP]
if {$opt(two)} {
  set tcp(2) [sender $opt(variant) $b 2]
  set ftp(2) [$tcp(2) attach-app FTP]
}

# Links made dynamic before `rtmodel-at` sets up their traces, so that a packet reaching a down
# link is traced as a drop: rtmodel-at traces the link's DynamicLink drops only if it exists
# (ns-link.tcl linkfail-drop-trace), and rtModel configure creates it only when the run starts;
# otherwise ns-2 frees those packets without a trace line. Nothing else changes.
foreach l [split $opt(fail) +] {
  set x [expr {[string index $l 0] == "A" ? $a : $c}]
  [$ns link $x $k] dynamic
  [$ns link $k $x] dynamic
  if {$opt(down) ne ""} { $ns rtmodel-at $opt(down) down $x $k }
  if {$opt(up) ne ""} { $ns rtmodel-at $opt(up) up $x $k }
}

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
  set src [lindex $f 8]
  set to [lindex $f 3]
  # The sender's node id is the source address's node (before the dot).
  set snode [lindex [split $src .] 0]
  if {$ev == "r" && [lindex $f 4] == "ack" && $to == [lindex [split [lindex $f 9] .] 0]} {
    $ns at $now "snap $fid ack"
  } elseif {$ev == "+" && [lindex $f 4] == "tcp" && [lindex $f 2] == $snode} {
    $ns at $now "snap $fid timer"
  }
}

$ns at 0.0 "snap 1 start"
$ns at $opt(start) "$ftp(1) start"
if {$opt(two)} {
  $ns at 0.0 "snap 2 start"
  $ns at $opt(start2) "$ftp(2) start"
}
$ns at $opt(stop) "flush stdout; exit 0"
$ns run
