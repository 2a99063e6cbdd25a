# One ns-2.35 Agent/SCTP run on the Fall & Floyd topology (scripts/ns2/sctp.tcl, whose options
# and output it keeps) carrying one finite transfer: `$ftp send <bytes>` at `start` (SctpAgent::
# sendmsg cuts it into messages of mtu_ - 32 - 16 bytes, 992 with mtu 1040: one DATA chunk
# each, the size of dataChunkSize_ 1008's payload when bytes is a multiple of 992). ns-2.35 has
# no SHUTDOWN: the run shows the data and SACK events only. Only used to produce test fixtures
# (scripts/ns2/app-regen-sctp.mjs); the project never needs ns-2 to build, run or test.
#
# Usage: ns app-sctp.tcl key=value ...   (every sctp.tcl option, plus)
#   app       file | cbr                                        (file)
#   bytes     file: bytes handed to `$ftp send` at `start`      (29760 = 30 chunks of 992)
#   rate      cbr: Application/Traffic/CBR rate_, bit/s, packetSize_ = one chunk's payload
#             (mtu_ - 48 bytes: each CBR packet is one message, one DATA chunk)  (200000)
#   cbrstop, cbrstart   cbr: `$cbr stop` / `$cbr start` again at these times (0 = never)

array set opt {
  fr 4 drops {} mtu 1040 chunk 1008 rwnd 28224 delack 0 sackdelay 0.2 maxburst 1
  initrto 3 minrto 1 maxrto 60 ssthresh 65536 initcwnd 2
  qlimit 8 bw 800Kb delay 100ms fwdbw 8Mb fwddelay 0ms fwdq 50 start 1.0 stop 6.0 bytes 29760
  app file rate 200000 cbrstop 0 cbrstart 0
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
$ns connect $sctp $sink
if {$opt(app) eq "file"} {
  set ftp [new Application/FTP]
  $ftp attach-agent $sctp
} else {
  set cbr [new Application/Traffic/CBR]
  $cbr set packetSize_ [expr {$opt(mtu) - 48}]
  $cbr set rate_ $opt(rate)
  $cbr set random_ 0
  $cbr attach-agent $sctp
}

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
if {$opt(app) eq "file"} {
  $ns at $opt(start) "$ftp send $opt(bytes)"
} else {
  $ns at $opt(start) "$cbr start"
  if {$opt(cbrstop) > 0} { $ns at $opt(cbrstop) "$cbr stop" }
  if {$opt(cbrstart) > 0} { $ns at $opt(cbrstart) "$cbr start" }
}
$ns at $opt(start) "snap start"
$ns at $opt(stop) "flush stdout; exit 0"
$ns run
