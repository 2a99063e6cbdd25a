# One ns-2.35 run of the experiment presets' networks (alamgir-table2, geo-table2/3) printing every
# packet event at the scheduler's exact time and the TCP senders' variables, for the event-for-event
# replay fixtures (tests/fixtures/ns2-replay/, scripts/ns2/replay.mjs, scripts/ns2/regen-replay.sh).
# Only used to produce test fixtures; the project never needs ns-2 to build, run or test.
#
# The setups, agents and loss point are those of scripts/ns2/tables.tcl (read its header): flows
# alternate Agent/TCP/Sack1 (odd) and Agent/SCTP (even), ns-2.35's defaults, DATA-only loss at the
# far end of the forward satellite link. Losses are either tables.tcl's random ones (loss > 0:
# flow f's k-th DATA packet to reach the end of the link is lost iff the k-th value of its own
# MRG32k3a stream, advanced `seed` substreams, is < loss) or scripted (f<k>=...).
#
# Usage: ns replay.tcl key=value ...
#   setup   alamgir-table2 | geo-table2 | geo-table3                     (alamgir-table2)
#   n       number of flows (geo: 2, 4, 6 or 8)                           (2)
#   loss    random loss probability of DATA packets (0 = none)            (0)
#   seed    substreams to advance each flow's RNG (random loss only)      (1)
#   f<k>    scripted drops of flow k, as the engine numbers packets (TCP: 1 = the SYN, seqno s
#           is packet s + 1; SCTP: the TSN): "15,27:2" drops the 1st transmission of 15 and the
#           2nd of 27 to reach the end of the satellite link (with loss = 0 only)
#   hbrecv  1: the SCTP receivers send their HEARTBEATs (ns-2's default, heartbeatInterval_ 30);
#           0: heartbeatInterval_ 0 at the receiving agents only                    (1)
#   stop    run length, seconds                                          (60)
#   print   all: E, V, N and B lines; sat: N and B lines and only the E lines of the forward
#           satellite link (enough to read the error model's drops)                  (all)
#
# Output (stdout), in ns-2's processing order:
#   E <exact time> <ns-2 trace line>   every packet event on every link (show_sctphdr_ on)
#   V <exact time> <flow> <cause> cwnd ssthresh dupacks ack maxseq t_seqno rtt srtt rttvar
#     backoff nrexmit ncwndcuts ncwndcuts1
#                                      a TCP sender's variables after an ACK reached it (ack) or
#                                      after it sent without one (timer), when one changed
#   N <node> <id>                      node ids (S1.., R1, K1 or N0..N5)
#   B <flow> <k>                       TCP flow's clock phase (boot_time_) is the k-th draw of
#                                      ns-2's default random stream (see "Clock phase" below)
#
# `ns replay.tcl draws=K` prints the first K draws of the default stream times tcp_tick_ (0.01),
# one a line, and exits: the values the B lines index.

array set opt {setup alamgir-table2 n 2 loss 0 seed 1 hbrecv 1 stop 60 draws 0 print all}
array set fdrops {}
foreach a $argv {
  set i [string first = $a]
  if {$i < 0} { puts stderr "bad argument $a"; exit 2 }
  set k [string range $a 0 [expr {$i - 1}]]
  set v [string range $a [expr {$i + 1}] end]
  if {[regexp {^f(\d+)$} $k -> fl]} { set fdrops($fl) $v; continue }
  if {![info exists opt($k)]} { puts stderr "unknown option $k"; exit 2 }
  set opt($k) $v
}
if {$opt(draws) > 0} {
  global defaultRNG
  for {set i 0} {$i < $opt(draws)} {incr i} { puts [$defaultRNG uniform 0 0.01] }
  exit 0
}
set N $opt(n)
switch -- $opt(setup) {
  alamgir-table2 {
    if {$N != 2} { puts stderr "alamgir-table2 has n = 2"; exit 2 }
    set satbw 3Mb; set satq 10
  }
  geo-table2 - geo-table3 {
    switch -- $N {
      2 { set satbw 2Mb;  set satq 10 }
      4 { set satbw 4Mb;  set satq 40 }
      6 { set satbw 7Mb;  set satq 80 }
      8 { set satbw 11Mb; set satq 160 }
      default { puts stderr "geo: n must be 2, 4, 6 or 8"; exit 2 }
    }
    if {$opt(setup) eq "geo-table3"} { set satbw 0.2Mb }
  }
  default { puts stderr "unknown setup $opt(setup)"; exit 2 }
}
if {$opt(loss) > 0 && [array size fdrops] > 0} { puts stderr "loss and f<k> drops exclude each other"; exit 2 }

# --- random streams first, as tables.tcl creates them ---
for {set f 1} {$f <= $N} {incr f} {
  set rng($f) [new RNG]
  for {set s 0} {$s < $opt(seed)} {incr s} { $rng($f) next-substream }
  set rv($f) [new RandomVariable/Uniform]
  $rv($f) use-rng $rng($f)
}
# scripted drops: dropset(flow,packet,k)
array set dropset {}
foreach fl [array names fdrops] {
  foreach d [split $fdrops($fl) ,] {
    set d [string trim $d]
    if {$d eq ""} continue
    set parts [split $d :]
    set k [expr {[llength $parts] > 1 ? [lindex $parts 1] : 1}]
    set dropset($fl,[lindex $parts 0],$k) 1
  }
}

Trace set show_sctphdr_ 1
Trace set callback_ 1
set ns [new Simulator]
set devnull [open /dev/null w]
$ns trace-all $devnull

proc link2 {a b bw delay} {
  global ns
  $ns duplex-link $a $b $bw $delay DropTail
}
set src {}; set dst {}
if {$opt(setup) eq "alamgir-table2"} {
  for {set i 0} {$i < 6} {incr i} { set nd($i) [$ns node]; puts "N N$i [$nd($i) id]" }
  link2 $nd(0) $nd(2) 10Mb 2ms
  link2 $nd(1) $nd(2) 10Mb 2ms
  link2 $nd(2) $nd(3) $satbw 250ms
  link2 $nd(3) $nd(4) 10Mb 2ms
  link2 $nd(3) $nd(5) 10Mb 2ms
  foreach {a b} {2 3  3 2  3 4  3 5  2 0  2 1} { $ns queue-limit $nd($a) $nd($b) $satq }
  set src [list $nd(0) $nd(1)]
  set dst [list $nd(4) $nd(5)]
  set B1 $nd(2); set B2 $nd(3)
} else {
  for {set i 1} {$i <= $N} {incr i} { set S($i) [$ns node]; puts "N S$i [$S($i) id]" }
  set R1 [$ns node]; puts "N R1 [$R1 id]"
  set K1 [$ns node]; puts "N K1 [$K1 id]"
  for {set i 1} {$i <= $N} {incr i} {
    link2 $S($i) $R1 10Mb 2ms
    $ns queue-limit $R1 $S($i) $satq
    lappend src $S($i)
    lappend dst $K1
  }
  link2 $R1 $K1 $satbw 250ms
  $ns queue-limit $R1 $K1 $satq
  $ns queue-limit $K1 $R1 $satq
  set B1 $R1; set B2 $K1
}
set B1id [$B1 id]; set B2id [$B2 id]

# --- the loss model at the end of the forward satellite link (link-lossmodel) ---
set em [new ErrorModel]
$em unit pkt
$em set rate_ [expr {$opt(loss) > 0 ? $opt(loss) : 1.0}]
$em set enable_ 0
$em ranvar $rv(1)
$ns link-lossmodel $em $B1 $B2

# --- agents (tables.tcl's) ---
for {set f 1} {$f <= $N} {incr f} {
  set s [lindex $src [expr {$f - 1}]]
  set d [lindex $dst [expr {$f - 1}]]
  if {$f % 2 == 1} {
    set kind($f) sack
    set a [new Agent/TCP/Sack1]
    $a set packetSize_ 1448
    $a set window_ 45
    set k [new Agent/TCPSink/Sack1]
  } else {
    set kind($f) sctp
    set a [new Agent/SCTP]
    set k [new Agent/SCTP]
    foreach x [list $a $k] {
      $x set mtu_ 1500
      $x set dataChunkSize_ 1464
      $x set initialRwnd_ 65536
      $x set initialSsthresh_ 65536
    }
    $k set useDelayedSacks_ 0
    if {!$opt(hbrecv)} { $k set heartbeatInterval_ 0 }
  }
  set app [new Application/FTP]
  $a set fid_ $f
  $k set fid_ $f
  $ns attach-agent $s $a
  $ns attach-agent $d $k
  $ns connect $a $k
  $app attach-agent $a
  set agent($f) $a
  set srcId($f) [$s id]
  set lastAck($f) -1
  set lastVars($f) ""
  $ns at 0.0 "$app start"
}

# FIFO of packets in flight on the satellite link (as tables.tcl): the head is the next packet to
# reach the error model; arm decides its fate.
array set fq {}
set fh 0; set ft 0
array set seen {}
proc isdata {type size flags} {
  if {$type eq "tcp"} { return [expr {$size > 40}] }
  if {$type eq "sctp"} { return [expr {[string index $flags end] eq "D"}] }
  return 0
}
proc arm {} {
  global fq fh em rv opt dropset seen
  lassign $fq($fh) uid data flow pkt
  if {!$data} { $em set enable_ 0; return }
  if {$opt(loss) > 0} {
    $em ranvar $rv($flow)
    $em set enable_ 1
    return
  }
  set key $flow,$pkt
  if {[info exists seen($key)]} { incr seen($key) } else { set seen($key) 1 }
  $em set enable_ [info exists dropset($flow,$pkt,$seen($key))]
}

proc snap {f cause} {
  global ns agent lastVars
  set a $agent($f)
  set v [list [$a set cwnd_] [$a set ssthresh_] [$a set dupacks_] [$a set ack_] \
    [$a set maxseq_] [$a set t_seqno_] [$a set rtt_] [$a set srtt_] [$a set rttvar_] \
    [$a set backoff_] [$a set nrexmit_] \
    [$a set ncwndcuts_] [$a set ncwndcuts1_]]
  if {$v ne $lastVars($f)} {
    set lastVars($f) $v
    puts "V [$ns now] $f $cause $v"
  }
}

Trace instproc handle {line} {
  global ns B1id B2id fq fh ft kind srcId lastAck
  set now [$ns now]
  set f [regexp -all -inline {\S+} $line]
  lassign $f ev t from to type size flags fl
  set onSat [expr {$from == $B1id && $to == $B2id}]
  if {$::opt(print) eq "all" || $onSat} { puts "E $now $line" }
  if {$onSat} {
    set uid [lindex $f [expr {$type eq "sctp" ? 12 : 11}]]
    if {$ev eq "-"} {
      set pkt [expr {$type eq "sctp" ? [lindex $f 11] : [lindex $f 10] + 1}]
      set fq($ft) [list $uid [isdata $type $size $flags] $fl $pkt]
      incr ft
      if {$ft - $fh == 1} arm
    } elseif {($ev eq "r" || $ev eq "d") && $ft > $fh && [lindex $fq($fh) 0] == $uid} {
      # left the error model (a "d" of a packet never dequeued is a drop-tail drop)
      unset fq($fh)
      incr fh
      if {$ft > $fh} arm
    }
  }
  if {$::opt(print) eq "all" && [info exists kind($fl)] && $kind($fl) eq "sack"} {
    if {$ev eq "r" && $to == $srcId($fl) && $type eq "ack"} {
      set lastAck($fl) $now
      $ns at $now "snap $fl ack"
    } elseif {$ev eq "+" && $from == $srcId($fl) && $type eq "tcp" && $now != $lastAck($fl)} {
      $ns at $now "snap $fl timer"
    }
  }
}

for {set f 1} {$f <= $N} {incr f} {
  if {$kind($f) eq "sack" && $opt(print) eq "all"} { $ns at 0.0 "snap $f start" }
}

# Clock phase: TcpAgent::reset (tcp.cc) sets boot_time_ = Random::uniform(tcp_tick_) from the
# default stream, once when the agent is made (in creation order) and again when `$ns run` resets
# every node's agents (Simulator instproc run: foreach nn [array names Node_], then the node's
# agents_ in order); the second value stays. No other object draws from that stream before
# the run starts (the SCTP agents draw only for HEARTBEAT jitter, after their association is up).
set draw 0
array set tcpFlow {}
for {set f 1} {$f <= $N} {incr f} {
  if {$kind($f) eq "sack"} { incr draw; set tcpFlow($agent($f)) $f }
}
foreach nn [$ns array names Node_] {
  foreach a [[$ns set Node_($nn)] set agents_] {
    if {[info exists tcpFlow($a)]} { incr draw; puts "B $tcpFlow($a) $draw" }
  }
}
$ns at $opt(stop) "flush stdout; exit 0"
$ns run
