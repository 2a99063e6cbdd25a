# One ns-2.35 Agent/SCTP/CMT run (Concurrent Multipath Transfer, Iyengar et al.) on two disjoint
# paths between a dual-homed sender and a dual-homed receiver:
#
#   S0 --(10Mb, 5ms, queue 100)-- R0 --(bw0, delay0, queue q0)-- K0      path 0 (primary)
#   S1 --(10Mb, 5ms, queue 100)-- R1 --(bw1, delay1, queue q1)-- K1      path 1
#
# S0 and S1 are the sender's interfaces (core node H0), K0 and K1 the receiver's (core H1), as
# ns-2's `multihome-add-interface` builds them; the core-to-interface links only route. One bulk
# association (FTP, infinite source) opened at `start`, new data round robin over both
# destinations (SendMuch), scripted drops in front of R0's / R1's queue towards K0 / K1, and
# optionally the bottleneck of path 1 going down at `fail` (and up again at `repair`). Only used to produce test fixtures
# (scripts/ns2/cmt-regen.mjs); the project never needs ns-2 to build, run or test.
#
# Usage: ns cmt.tcl key=value ...
#   paths      2 or 3 (a third path S2-R2-K2 like the others)               (2)
#   bw0 delay0 q0, bw1 delay1 q1, bw2 delay2 q2   the bottlenecks     (1Mb 40ms 20, same)
#   drops      comma list of TSNs dropped: "20" the 1st transmission of TSN 20, "20:2" its 2nd
#              (on whichever path it travels)
#   fail       time the R1-K1 link goes down (both directions; "" = never)   ("")
#   repair     time it comes back up ("" = never)                            ("")
#   pmr        pathMaxRetrans_ of the sender                                  (5)
#   rwnd       initialRwnd_ of the receiver                                   (65536)
#   ssthresh   initialSsthresh_ of the sender                                 (65536)
#   rtx        eCmtRtxPolicy_ (ns-2.35 default 4 = RTX_CWND)                 (4)
#   pf         useCmtPF_ (ns-2.35 default 1; the fixtures run CMT without PF) (0)
#   delack     the receiver's useDelayedSacks_ (0: a SACK per packet, whose DAC count stays 0,
#              since ns-2 counts DATA packets only under delayed SACKs)        (1)
#   start, stop                                                               (0.5, 5.0)
# Everything else is ns-2.35's Agent/SCTP/CMT default: mtu_ 1500, dataChunkSize_ 1468,
# useDelayedSacks_ 1 (sackDelay_ 0.2), fastRtxTrigger_ 3, useMaxBurst_ 1, initialRto_ 3,
# minRto_ 1, heartbeatInterval_ 30, useCmtReordering_ 1 (SFR), useCmtCwnd_ 1 (CUC),
# useCmtDelAck_ 1 (DAC) at both ends.
#
# Output (stdout), in ns-2's processing order:
#   E <exact time> <ns-2 trace line>     every packet event on every link (show_sctphdr_)
#   V <exact time> <cause> <TraceAll>    the sender's Agent/SCTP/CMT TraceAll lines, one per
#                                        destination ("time: .. saddr: .. daddr: .. cwnd: ..
#                                        pba: .. out: .. ssthresh: .. peerRwnd: .. rto: .. ...")
# V rows follow every packet reaching S0 or S1 (cause ack) and every DATA packet the sender
# sends outside such an arrival (cause timer).

array set opt {
  paths 2 bw0 1Mb delay0 40ms q0 20 bw1 1Mb delay1 40ms q1 20 bw2 1Mb delay2 40ms q2 20
  drops {} fail {} repair {} delack 1 pmr 5
  rwnd 65536 ssthresh 65536 rtx 4 pf 0 start 0.5 stop 5.0
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

# Node ids, n = paths: H0 0, S<i> 1+i, H1 1+n, K<i> 2+n+i, R<i> 2+2n+i (n = 2: H0 0, S0 1,
# S1 2, H1 3, K0 4, K1 5, R0 6, R1 7).
set n $opt(paths)
set h0 [$ns node]
for {set i 0} {$i < $n} {incr i} {
  set s$i [$ns node]
  $ns multihome-add-interface $h0 [set s$i]
}
set h1 [$ns node]
for {set i 0} {$i < $n} {incr i} {
  set k$i [$ns node]
  $ns multihome-add-interface $h1 [set k$i]
}
for {set i 0} {$i < $n} {incr i} { set r$i [$ns node] }
# (the access links first, then the bottlenecks: the fixtures' link order)
for {set i 0} {$i < $n} {incr i} { $ns duplex-link [set s$i] [set r$i] 10Mb 5ms DropTail }
for {set i 0} {$i < $n} {incr i} {
  $ns duplex-link [set r$i] [set k$i] $opt(bw$i) $opt(delay$i) DropTail
}
for {set i 0} {$i < $n} {incr i} {
  set s [set s$i]; set r [set r$i]; set k [set k$i]
  $ns queue-limit $s $r 100
  $ns queue-limit $r $s 100
  $ns queue-limit $r $k $opt(q$i)
  $ns queue-limit $k $r $opt(q$i)
}

# Scripted drops: an error model at the head of each R->K link, enabled by the trace callback
# of the packet's arrival at the router for exactly the transmissions to drop (as sctp.tcl).
for {set i 0} {$i < $n} {incr i} {
  set r [set r$i]; set k [set k$i]
  set em([$r id]) [new ErrorModel]
  $em([$r id]) unit pkt
  $em([$r id]) set rate_ 1.0
  $em([$r id]) set enable_ 0
  $ns lossmodel $em([$r id]) $r $k
}
array set dropset {}
foreach d [split $opt(drops) ,] {
  set d [string trim $d]
  if {$d == ""} continue
  set parts [split $d :]
  set nth [expr {[llength $parts] > 1 ? [lindex $parts 1] : 1}]
  set dropset([lindex $parts 0],$nth) 1
}
array set seen {}

if {$opt(fail) ne ""} {
  # made dynamic first so that packets reaching the down link are traced as drops (dynamic.tcl)
  [$ns link $r1 $k1] dynamic
  [$ns link $k1 $r1] dynamic
  $ns rtmodel-at $opt(fail) down $r1 $k1
  if {$opt(repair) ne ""} { $ns rtmodel-at $opt(repair) up $r1 $k1 }
}

set snd [new Agent/SCTP/CMT]
$ns multihome-attach-agent $h0 $snd
$snd set initialSsthresh_ $opt(ssthresh)
$snd set pathMaxRetrans_ $opt(pmr)
$snd set useCmtReordering_ 1
$snd set useCmtCwnd_ 1
$snd set useCmtDelAck_ 1
$snd set eCmtRtxPolicy_ $opt(rtx)
$snd set useCmtPF_ $opt(pf)
set rcv [new Agent/SCTP/CMT]
$ns multihome-attach-agent $h1 $rcv
$rcv set initialRwnd_ $opt(rwnd)
$rcv set useDelayedSacks_ $opt(delack)
$rcv set useCmtDelAck_ 1
$ns connect $snd $rcv
$snd set-primary-destination $k0
set ftp [new Application/FTP]
$ftp attach-agent $snd

# The sender's variables: with trace_all_ set, "print" writes its TraceAll lines (one per
# destination) to the attached channel, a scratch file read back at once (as sctp.tcl). Other
# text the agent writes there (RTX / DataTimeout notes, SendBufferDequeueUpTo's uninitialised
# buffer) is skipped by the converter, which keeps only TraceAll lines.
$snd set trace_all_ 1
set vch [file tempfile vpath]
file delete $vpath
fconfigure $vch -translation binary
$snd attach $vch

set S {}
set R {}
for {set i 0} {$i < $n} {incr i} {
  lappend S [[set s$i] id]
  lappend R [[set r$i] id]
}
set lastAckAtS -1

proc snap {cause} {
  global ns snd vch
  seek $vch 0
  chan truncate $vch 0
  $snd print cwnd_
  flush $vch
  seek $vch 0
  foreach line [split [read $vch] "\n"] {
    if {[string match "time: *cwnd: *dstatus: *" $line]} {
      puts "V [$ns now] $cause [string trim $line]"
    }
  }
}

Trace instproc handle {line} {
  global ns em dropset seen S R lastAckAtS
  set now [$ns now]
  set f [regexp -all -inline {\S+} $line]
  set ev [lindex $f 0]
  set from [lindex $f 2]
  set to [lindex $f 3]
  set chunk [string index [lindex $f 6] end]
  set i [lsearch -exact $S $from]
  if {$ev == "r" && $i >= 0 && $to == [lindex $R $i]} {
    if {$chunk == "D"} {
      set tsn [lindex $f 11]
      if {[info exists seen($tsn)]} { incr seen($tsn) } else { set seen($tsn) 1 }
      $em($to) set enable_ [info exists dropset($tsn,$seen($tsn))]
    } else {
      $em($to) set enable_ 0
    }
  }
  puts "E $now $line"
  if {$ev == "r" && [lsearch -exact $S $to] >= 0} {
    set lastAckAtS $now
    $ns at $now "snap ack"
  } elseif {$ev == "+" && $i >= 0 && $chunk == "D" && $now != $lastAckAtS} {
    $ns at $now "snap timer"
  }
}

$ns at $opt(start) "$ftp start"
$ns at $opt(start) "snap start"
$ns at $opt(stop) "flush stdout; exit 0"
$ns run
