# One ns-2.35 Agent/SCTP association between two multi-homed hosts (ns-2's multihome core node
# with two interface nodes each, `$ns multihome-add-interface`, `multihome-attach-agent`):
#
#   S0 --(acc)-- A --(bw, delay, q)-- K0        path 0 (primary: set-primary-destination K0)
#   S1 --(acc)-- B --(bw, delay, q)-- K1        path 1 (alternate)
#
# node ids: 0 sender core, 1 S0, 2 S1, 3 receiver core, 4 K0, 5 K1, 6 A, 7 B. One bulk FTP
# association S -> K opened at `start`. Routing `$ns rtproto Session`, so a link taken down by
# `$ns rtmodel-at` makes the routes recomputed (A keeps its old route to K0: no other exists).
# Only used to produce test fixtures (scripts/ns2/multihome-regen.mjs); the project never needs
# ns-2 to build, run or test.
#
# Usage: ns multihome.tcl key=value ...
#   drops0, drops1   comma lists of TSNs dropped at A (resp. B) towards K0 (K1); "15:2" = the 2nd
#                    transmission of that TSN on that link (decided when it reaches A / B)
#   hbdrops1         "all" drops every HEARTBEAT at B towards K1 (an alternate that never answers)
#   down, up         times the link A-K0 goes down / up ("" = never)
#   down1, up1       the same for B-K1
#   pmr, amr         pathMaxRetrans_, associationMaxRetrans_                    (5, 10)
#   hb               heartbeatInterval_, seconds (0 = off)                      (30)
#   rta              rtxToAlt_ (1 = retransmissions to an alternate destination)  (1)
#   cpt              changePrimaryThresh_ (ns-2's -1 is meant as "never", but sctp.cc compares
#                    iErrorCount > (int) -1, so its first timeout makes the path new data goes to
#                    the primary; a large value keeps the primary)                   (-1)
#   initrto, minrto, maxrto                                                     (3, 1, 60)
#   mtu, chunk, rwnd, delack                                      (1500, 1468, 131072, 1)
#   bw, delay, q     A-K0 and B-K1                                             (1Mb, 50ms, 50)
#   delay1           B-K1's delay instead of `delay` ("" = the same)            ("")
#   shome            1: the sender is single-homed — S0 is its only interface, with links to A
#                    and to B (S0-B like S0-A); S1 stays, unused. The receiver then answers
#                    every packet at S0, from the interface its core's routing picks
#                    (sctp.cc SetSource), whichever address the packet arrived at  (0)
#   hbrecv           0: the receiver sends no HEARTBEATs (its heartbeatInterval_ 0)   (1)
#   acc              S0-A and S1-B bandwidth (0 ms)                            (10Mb)
#   start, stop                                                                (0.5, 20)
#
# Output (stdout), in ns-2's processing order:
#   E <exact time> <ns-2 trace line>      every packet event on every link (show_sctphdr_)
#   V <exact time> <cause> <TraceAll>    the sender's TraceAll lines, one per destination
#                                          ("time: .. saddr: .. daddr: .. cwnd: .. pba: .. out: ..
#                                          ssthresh: .. rto: .. srtt: .. assocErrors: ..
#                                          pathErrors: .. dstatus: .. isPrimary: .."), joined by |
# V rows after every packet reaching S0/S1 (cause ack) and every packet S0/S1 sends outside
# such an arrival (cause timer).

array set opt {
  drops0 {} drops1 {} hbdrops1 {} down {} up {} down1 {} up1 {} pmr 5 amr 10 hb 30 rta 1 cpt -1
  initrto 3 minrto 1 maxrto 60 mtu 1500 chunk 1468 rwnd 131072 delack 1
  bw 1Mb delay 50ms q 50 acc 10Mb start 0.5 stop 20 delay1 {} shome 0 hbrecv 1
}
foreach a $argv {
  set i [string first = $a]
  if {$i < 0} { puts stderr "bad argument $a"; exit 2 }
  set k [string range $a 0 [expr {$i - 1}]]
  if {![info exists opt($k)]} { puts stderr "unknown option $k"; exit 2 }
  set opt($k) [string range $a [expr {$i + 1}] end]
}

Trace set show_sctphdr_ 1
Trace set callback_ 1

set ns [new Simulator]
set devnull [open /dev/null w]
$ns trace-all $devnull
$ns rtproto Session

set h0 [$ns node]
set s0 [$ns node]
set s1 [$ns node]
$ns multihome-add-interface $h0 $s0
if {!$opt(shome)} { $ns multihome-add-interface $h0 $s1 }
set h1 [$ns node]
set k0 [$ns node]
set k1 [$ns node]
$ns multihome-add-interface $h1 $k0
$ns multihome-add-interface $h1 $k1
set a [$ns node]
set b [$ns node]

$ns duplex-link $s0 $a $opt(acc) 0ms DropTail
$ns duplex-link $a $k0 $opt(bw) $opt(delay) DropTail
$ns duplex-link $s1 $b $opt(acc) 0ms DropTail
$ns duplex-link $b $k1 $opt(bw) [expr {$opt(delay1) eq "" ? $opt(delay) : $opt(delay1)}] DropTail
if {$opt(shome)} {
  $ns duplex-link $s0 $b $opt(acc) 0ms DropTail
  $ns queue-limit $s0 $b $opt(q)
  $ns queue-limit $b $s0 $opt(q)
}
foreach {x y} [list $a $k0 $k0 $a $b $k1 $k1 $b $s0 $a $a $s0 $s1 $b $b $s1] {
  $ns queue-limit $x $y $opt(q)
}
# Links made dynamic before `rtmodel-at` sets up their traces, so that a packet reaching a down
# link is traced as a drop (as dynamic.tcl does; ns-link.tcl linkfail-drop-trace).
foreach {x y} [list $a $k0 $k0 $a $b $k1 $k1 $b] { [$ns link $x $y] dynamic }
if {$opt(down) != ""} { $ns rtmodel-at $opt(down) down $a $k0 }
if {$opt(up) != ""} { $ns rtmodel-at $opt(up) up $a $k0 }
if {$opt(down1) != ""} { $ns rtmodel-at $opt(down1) down $b $k1 }
if {$opt(up1) != ""} { $ns rtmodel-at $opt(up1) up $b $k1 }

# Scripted drops: an error model at the head of A->K0 (B->K1), enabled by the trace callback of
# the packet's arrival at A (B) for exactly the transmissions to drop (as sctp.tcl does).
proc dropper {from to spec} {
  global ns
  set em [new ErrorModel]
  $em unit pkt
  $em set rate_ 1.0
  $em set enable_ 0
  $ns lossmodel $em $from $to
  set set {}
  foreach d [split $spec ,] {
    set d [string trim $d]
    if {$d == ""} continue
    set parts [split $d :]
    set tsn [lindex $parts 0]
    set k [expr {[llength $parts] > 1 ? [lindex $parts 1] : 1}]
    lappend set "$tsn,$k"
  }
  return [list $em $set]
}
set D(0) [dropper $a $k0 $opt(drops0)]
set D(1) [dropper $b $k1 $opt(drops1)]
array set seen {}

set sctp [new Agent/SCTP]
$ns multihome-attach-agent $h0 $sctp
set sink [new Agent/SCTP]
$ns multihome-attach-agent $h1 $sink
foreach ag [list $sctp $sink] {
  $ag set mtu_ $opt(mtu)
  $ag set dataChunkSize_ $opt(chunk)
  $ag set heartbeatInterval_ $opt(hb)
  $ag set pathMaxRetrans_ $opt(pmr)
  $ag set associationMaxRetrans_ $opt(amr)
  $ag set initialRto_ $opt(initrto)
  $ag set minRto_ $opt(minrto)
  $ag set maxRto_ $opt(maxrto)
  $ag set rtxToAlt_ $opt(rta)
  $ag set changePrimaryThresh_ $opt(cpt)
}
$sink set initialRwnd_ $opt(rwnd)
if {!$opt(hbrecv)} { $sink set heartbeatInterval_ 0 }
$sink set useDelayedSacks_ $opt(delack)
$ns connect $sctp $sink
$sctp set-primary-destination $k0
set ftp [new Application/FTP]
$ftp attach-agent $sctp

$sctp set trace_all_ 1
set vch [file tempfile vpath]
file delete $vpath
fconfigure $vch -translation binary
$sctp attach $vch

set S0 [$s0 id]
set S1 [$s1 id]
set A [$a id]
set B [$b id]
set lastAckAt -1

proc snap {cause} {
  global ns sctp vch
  seek $vch 0
  chan truncate $vch 0
  $sctp print cwnd_
  flush $vch
  seek $vch 0
  set lines {}
  foreach l [split [read $vch] "\n"] {
    if {[string match "time:*" [string trim $l]]} { lappend lines [string trim $l] }
  }
  puts "V [$ns now] $cause [join $lines |]"
}

Trace instproc handle {line} {
  global ns D opt seen S0 S1 A B lastAckAt
  set now [$ns now]
  set f [regexp -all -inline {\S+} $line]
  set ev [lindex $f 0]
  set from [lindex $f 2]
  set to [lindex $f 3]
  set chunk [string index [lindex $f 6] end]
  foreach {i src mid} [list 0 $S0 $A 1 $S1 $B] {
    if {$ev == "r" && $from == $src && $to == $mid} {
      set em [lindex $D($i) 0]
      set drop 0
      if {$chunk == "D"} {
        set tsn [lindex $f 11]
        if {[info exists seen($i,$tsn)]} { incr seen($i,$tsn) } else { set seen($i,$tsn) 1 }
        set drop [expr {[lsearch -exact [lindex $D($i) 1] "$tsn,$seen($i,$tsn)"] >= 0}]
      } elseif {$i == 1 && $opt(hbdrops1) == "all" && $chunk == "H"} {
        set drop 1
      }
      $em set enable_ $drop
    }
  }
  puts "E $now $line"
  if {$ev == "r" && ($to == $S0 || $to == $S1)} {
    set lastAckAt $now
    $ns at $now "snap ack"
  } elseif {$ev == "+" && ($from == $S0 || $from == $S1) && $now != $lastAckAt} {
    $ns at $now "snap timer"
  }
}

$ns at 0.0 "snap start"
$ns at $opt(start) "$ftp start"
$ns at $opt(stop) "flush stdout; exit 0"
$ns run
