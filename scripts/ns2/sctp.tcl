# One ns-2.35 Agent/SCTP run on the Fall & Floyd topology (REFERENCE.md):
#
#   S1 --(fwdbw, fwddelay, queue fwdq)-- R1 --(bw, delay, queue qlimit)-- K1
#
# one bulk SCTP association S1 -> K1 (FTP, infinite data source) opened at `start`, scripted
# drops in front of R1's queue towards K1. Only used to produce test fixtures
# (scripts/ns2/regen-sctp.sh); the project never needs ns-2 to build, run or test.
#
# Usage: ns sctp.tcl key=value ...
#   fr         fastRtxTrigger_: missing reports that trigger fast retransmit   (4)
#   drops      comma list of TSNs; "15:2" = the 2nd transmission of TSN 15
#   mtu        mtu_ of both endpoints, bytes                                    (1040)
#   chunk      dataChunkSize_: DATA chunk length including its 16-byte header  (1008)
#   rwnd       initialRwnd_ of the receiver (its a_rwnd), bytes                 (28224)
#   delack     the receiver's useDelayedSacks_ (1/0)                           (0)
#   sackdelay  the receiver's sackDelay_, seconds                              (0.2)
#   maxburst   useMaxBurst_ of the sender (1/0; Max.Burst is 4)                (1)
#   initrto, minrto, maxrto   initialRto_, minRto_, maxRto_, seconds           (3, 1, 60)
#   ssthresh   initialSsthresh_, bytes                                          (65536)
#   initcwnd   initialCwnd_, MTUs (ns-2.35 reads it only in the idle cwnd
#              degrade; the initial cwnd is RFC 4960's min(4 MTU, max(2 MTU, 4380)))  (2)
#   qlimit     drop-tail limit at R1 towards K1 (and back)                     (8)
#   bw, delay  bottleneck R1-K1                                                (800Kb, 100ms)
#   fwdbw, fwddelay, fwdq  access link S1-R1                                   (8Mb, 0ms, 50)
#   start, stop                                                                (1.0, 6.0)
#   hbrecv     1: the receiver heartbeats the sender's idle address every RTO + 30 s (ns-2's
#              default heartbeatInterval_ 30, the first at about 32 s); 0: heartbeatInterval_ 0
#              at the receiver only, for runs longer than 30 s                 (1)
# ns-2.35's own defaults (tcl/lib/ns-default.tcl) are mtu=1500 chunk=1468 rwnd=65536 delack=1
# sackdelay=0.2 maxburst=1 initrto=3 minrto=1 maxrto=60 ssthresh=65536 initcwnd=2 fr=3.
#
# Output (stdout), in ns-2's processing order:
#   E <exact time> <ns-2 trace line>        every packet event on every link (show_sctphdr_)
#   V <exact time> <cause> <TraceAll>      the sender's Agent/SCTP TraceAll line ("time: ...
#                                           cwnd: .. pba: .. out: .. ssthresh: .. rwnd: ..
#                                           peerRwnd: .. rto: .. srtt: .. rttvar: .. ...
#                                           frCount: .. timeoutCount: ..")
# V rows are written after every packet reaching S1 (cause ack) and every data packet S1 sends
# outside such an arrival (cause timer). scripts/ns2/sctp-to-csv.mjs turns this into CSV.

array set opt {
  fr 4 drops {} mtu 1040 chunk 1008 rwnd 28224 delack 0 sackdelay 0.2 maxburst 1
  initrto 3 minrto 1 maxrto 60 ssthresh 65536 initcwnd 2
  qlimit 8 bw 800Kb delay 100ms fwdbw 8Mb fwddelay 0ms fwdq 50 start 1.0 stop 6.0
  hbrecv 1
}
foreach a $argv {
  set i [string first = $a]
  if {$i < 0} { puts stderr "bad argument $a"; exit 2 }
  set k [string range $a 0 [expr {$i - 1}]]
  if {![info exists opt($k)]} { puts stderr "unknown option $k"; exit 2 }
  set opt($k) [string range $a [expr {$i + 1}] end]
}

Trace set show_sctphdr_ 1      ;# trace lines carry the chunk type and TSN / cumulative TSN ack
Trace set callback_ 1          ;# every trace line is also handed to "Trace handle"

set ns [new Simulator]
set devnull [open /dev/null w]
$ns trace-all $devnull

set s1 [$ns node]
set r1 [$ns node]
set k1 [$ns node]
$ns duplex-link $s1 $r1 $opt(fwdbw) $opt(fwddelay) DropTail
$ns duplex-link $r1 $k1 $opt(bw) $opt(delay) DropTail
$ns queue-limit $s1 $r1 $opt(fwdq)
$ns queue-limit $r1 $s1 $opt(fwdq)
$ns queue-limit $r1 $k1 $opt(qlimit)
$ns queue-limit $k1 $r1 $opt(qlimit)

# Scripted drops: an error model at the head of the R1->K1 link (before the queue, so a
# dropped packet never enters it), enabled by the trace callback of the packet's arrival at R1
# for exactly the transmissions to drop (as in ff96.tcl).
set em [new ErrorModel]
$em unit pkt
$em set rate_ 1.0
$em set enable_ 0
$ns lossmodel $em $r1 $k1
array set dropset {}
foreach d [split $opt(drops) ,] {
  set d [string trim $d]
  if {$d == ""} continue
  set parts [split $d :]
  set tsn [lindex $parts 0]
  set k [expr {[llength $parts] > 1 ? [lindex $parts 1] : 1}]
  set dropset($tsn,$k) 1
}
array set seen {}

proc endpoint {node} {
  global ns opt
  set a [new Agent/SCTP]
  $ns attach-agent $node $a
  $a set mtu_ $opt(mtu)
  $a set dataChunkSize_ $opt(chunk)
  return $a
}
set sctp [endpoint $s1]
$sctp set fastRtxTrigger_ $opt(fr)
$sctp set useMaxBurst_ $opt(maxburst)
$sctp set initialRto_ $opt(initrto)
$sctp set minRto_ $opt(minrto)
$sctp set maxRto_ $opt(maxrto)
$sctp set initialSsthresh_ $opt(ssthresh)
$sctp set initialCwnd_ $opt(initcwnd)
set sink [endpoint $k1]
$sink set initialRwnd_ $opt(rwnd)
$sink set useDelayedSacks_ $opt(delack)
$sink set sackDelay_ $opt(sackdelay)
if {!$opt(hbrecv)} { $sink set heartbeatInterval_ 0 }
$ns connect $sctp $sink
set ftp [new Application/FTP]
$ftp attach-agent $sctp

# The sender's variables: with trace_all_ set, "print" makes the agent write its TraceAll line
# to the channel attached to it. That channel is a scratch file, read back at once: ns-2.35's
# SendBufferDequeueUpTo also writes an uninitialised buffer to it on every SACK.
$sctp set trace_all_ 1
set vch [file tempfile vpath]
file delete $vpath
fconfigure $vch -translation binary
$sctp attach $vch

set S1 [$s1 id]
set R1 [$r1 id]
set lastAckAtS1 -1

proc snap {cause} {
  global ns sctp vch
  seek $vch 0
  chan truncate $vch 0
  $sctp print cwnd_
  flush $vch
  seek $vch 0
  puts "V [$ns now] $cause [string trim [read $vch]]"
}

Trace instproc handle {line} {
  global ns em dropset seen S1 R1 lastAckAtS1
  set now [$ns now]
  set f [regexp -all -inline {\S+} $line]
  set ev [lindex $f 0]
  set from [lindex $f 2]
  set to [lindex $f 3]
  set chunk [string index [lindex $f 6] end]
  if {$ev == "r" && $from == $S1 && $to == $R1} {
    # a packet reaches R1: decide the scripted drop before it meets the error model (only
    # DATA chunks are dropped)
    if {$chunk == "D"} {
      set tsn [lindex $f 11]
      if {[info exists seen($tsn)]} { incr seen($tsn) } else { set seen($tsn) 1 }
      $em set enable_ [info exists dropset($tsn,$seen($tsn))]
    } else {
      $em set enable_ 0
    }
  }
  puts "E $now $line"
  if {$ev == "r" && $to == $S1} {
    set lastAckAtS1 $now
    $ns at $now "snap ack"
  } elseif {$ev == "+" && $from == $S1 && $chunk == "D" && $now != $lastAckAtS1} {
    $ns at $now "snap timer"
  }
}

$ns at 0.0 "snap start"
$ns at $opt(start) "$ftp start"
$ns at $opt(start) "snap start"
$ns at $opt(stop) "flush stdout; exit 0"
$ns run
