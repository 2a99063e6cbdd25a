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
#   bw0 delay0 q0, bw1 delay1 q1   the two bottlenecks                 (1Mb 40ms 20, same)
#   drops      comma list of TSNs dropped: "20" the 1st transmission of TSN 20, "20:2" its 2nd
#              (on whichever path it travels)
#   fail       time the R1-K1 link goes down (both directions; "" = never)   ("")
#   repair     time it comes back up ("" = never)                            ("")
#   pmr        pathMaxRetrans_ of the sender                                  (5)
#   rwnd       initialRwnd_ of the receiver                                   (65536)
#   ssthresh   initialSsthresh_ of the sender                                 (65536)
#   rtx        eCmtRtxPolicy_ (ns-2.35 default 4 = RTX_CWND)                 (4)
#   pf         useCmtPF_ (ns-2.35 default 1; the fixtures run CMT without PF) (0)
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
  bw0 1Mb delay0 40ms q0 20 bw1 1Mb delay1 40ms q1 20 drops {} fail {} repair {} pmr 5
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

# Node ids: H0 0, S0 1, S1 2, H1 3, K0 4, K1 5, R0 6, R1 7.
set h0 [$ns node]
set s0 [$ns node]
set s1 [$ns node]
$ns multihome-add-interface $h0 $s0
$ns multihome-add-interface $h0 $s1
set h1 [$ns node]
set k0 [$ns node]
set k1 [$ns node]
$ns multihome-add-interface $h1 $k0
$ns multihome-add-interface $h1 $k1
set r0 [$ns node]
set r1 [$ns node]
$ns duplex-link $s0 $r0 10Mb 5ms DropTail
$ns duplex-link $s1 $r1 10Mb 5ms DropTail
$ns duplex-link $r0 $k0 $opt(bw0) $opt(delay0) DropTail
$ns duplex-link $r1 $k1 $opt(bw1) $opt(delay1) DropTail
foreach {x y} [list $s0 $r0 $r0 $s0 $s1 $r1 $r1 $s1] { $ns queue-limit $x $y 100 }
$ns queue-limit $r0 $k0 $opt(q0)
$ns queue-limit $k0 $r0 $opt(q0)
$ns queue-limit $r1 $k1 $opt(q1)
$ns queue-limit $k1 $r1 $opt(q1)

# Scripted drops: an error model at the head of each R->K link, enabled by the trace callback
# of the packet's arrival at the router for exactly the transmissions to drop (as sctp.tcl).
foreach {r k} [list $r0 $k0 $r1 $k1] {
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
  set n [expr {[llength $parts] > 1 ? [lindex $parts 1] : 1}]
  set dropset([lindex $parts 0],$n) 1
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
$rcv set useDelayedSacks_ 1
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

set S [list [$s0 id] [$s1 id]]
set R [list [$r0 id] [$r1 id]]
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
