# One ns-2.35 run of the experiment presets behind the papers' tables (tests/fixtures/ns2-tables/,
# scripts/ns2/regen-tables.sh). Only used to produce test fixtures; the project never needs ns-2
# to build, run or test.
#
# Usage: ns tables.tcl key=value ...
#   setup   alamgir-table2 | geo-table2 | geo-table3                          (alamgir-table2)
#   n       number of flows (geo only: 2, 4, 6 or 8; alamgir is always 2)      (2)
#   loss    Bernoulli loss probability of DATA packets at the end of the
#           forward satellite link                                             (0.01)
#   seed    1.. : the error model's random streams (see "Loss" below)          (1)
#   stop    run length, seconds                                                (1000)
#   out     directory for the result file (stdout only if empty)               ()
#   trace   file for ns-2's full packet trace, for checking by hand (none)     ()
# Setup variants (scripts/ns2/alamgir-setups.mjs; the defaults are the table setups below):
#   mtu     SCTP mtu_ of both ends: the cwnd unit is mtu_ - 32                 (1500)
#   lossrng flow: one RNG per flow (below) | one: a single RNG for the whole
#           error model, advanced `seed` substreams, whatever flow a packet is (flow)
#   routerq all: the buffer limit on every queue leaving the satellite routers |
#           sat: only on the two directions of the satellite link (others 50)  (all)
#
# Topologies (every parameter not listed is ns-2.35's own default, tcl/lib/ns-default.tcl):
#   alamgir-table2  N0 (TCP, flow 1) and N1 (SCTP, flow 2) -10Mb,2ms- N2 -3Mb,250ms- N3
#                   -10Mb,2ms- N4 (TCP sink) / N5 (SCTP sink). DropTail; limit 10 on every queue
#                   leaving N2 or N3, the hosts' own queues (N0->N2, N1->N2, N4->N3, N5->N3)
#                   keep the default 50.
#   geo-table2/3    S1..Sn -10Mb,2ms- R1 -sat,250ms- K1 (all sinks). Flow i from Si; odd flows
#                   TCP, even flows SCTP. Satellite bandwidth 2/4/7/11 Mb/s (table2) or 0.2 Mb/s
#                   (table3), buffer 10/40/80/160 packets for n = 2/4/6/8 on every queue leaving
#                   R1 or K1; the sources' queues keep 50.
# Agents: Agent/TCP/Sack1 + Agent/TCPSink/Sack1 (no delayed ACK), packetSize_ 1448, window_ 45;
#   Agent/SCTP both ends mtu_ 1500, dataChunkSize_ 1464 (1448 bytes of user data),
#   initialRwnd_ 65536, initialSsthresh_ 65536, receiver useDelayedSacks_ 0 (ns-2 default is 1).
#   fid_ = flow number. Application/FTP on every source, all started at 0.
#
# Loss: one ErrorModel (unit pkt, rate_ = loss) inserted with "link-lossmodel" on the forward
# satellite link, i.e. between the link's delay element and the far node (a lost packet has been
# queued, transmitted and propagated; its drop is traced as "d" at the arrival time). The model is
# enabled only for packets carrying a DATA chunk (TCP: size > 40, SCTP: chunk type D): the trace
# callbacks of the link keep a FIFO of the packets in flight on it and, whenever the packet that
# will reach the model next changes, set enable_ (1 for DATA, 0 otherwise) and point the model's
# ranvar_ at that packet's flow's RandomVariable/Uniform. Flow f's uniform uses its own RNG object
# (MRG32k3a stream): created f-th by this script (flows in order, before anything else random),
# then advanced `seed` substreams ("$rng next-substream" seed times). So flow f's k-th DATA packet
# to reach the end of the link is lost iff the k-th value of its stream is < loss.
#
# Output: one JSON object (a line) on stdout and, if out is set, in
#   <out>/<setup>-n<n>-l<loss>-s<seed>.json
# with per flow: unique_pkts (distinct DATA sequence numbers / TSNs sent), sent_pkts, first_data_s
# (first DATA handed to the host's queue), fr_episodes, timeouts, mean_cwnd_pkts (time average of
# cwnd from first_data_s to stop), lost_pkts (ErrorModel drops), overflow_drops (drop-tail drops
# on the satellite link), hb_sent (SCTP HEARTBEATs the sender sent), and the raw counters behind
# them; and run-level checks (drops anywhere else, FIFO/trace consistency).

array set opt {
  setup alamgir-table2 n 2 loss 0.01 seed 1 stop 1000 out {} trace {} mtu 1500 lossrng flow
  routerq all
}
foreach a $argv {
  set i [string first = $a]
  if {$i < 0} { puts stderr "bad argument $a"; exit 2 }
  set k [string range $a 0 [expr {$i - 1}]]
  if {![info exists opt($k)]} { puts stderr "unknown option $k"; exit 2 }
  set opt($k) [string range $a [expr {$i + 1}] end]
}
set N $opt(n)
set STOP [expr {double($opt(stop))}]
switch -- $opt(setup) {
  alamgir-table2 {
    if {$N != 2} { puts stderr "alamgir-table2 has n = 2"; exit 2 }
    set satbw 3Mb; set satq 10
  }
  geo-table2 - geo-table3 {
    switch -- $N {
      2 { set bw 2Mb;  set satq 10 }
      4 { set bw 4Mb;  set satq 40 }
      6 { set bw 7Mb;  set satq 80 }
      8 { set bw 11Mb; set satq 160 }
      default { puts stderr "geo: n must be 2, 4, 6 or 8"; exit 2 }
    }
    set satbw [expr {$opt(setup) eq "geo-table3" ? "0.2Mb" : $bw}]
  }
  default { puts stderr "unknown setup $opt(setup)"; exit 2 }
}

# --- random streams: one RNG per flow, before any other RNG is created by this script ---
for {set f 1} {$f <= $N} {incr f} {
  if {$opt(lossrng) eq "one" && $f > 1} { set rv($f) $rv(1); continue }
  set rng($f) [new RNG]
  for {set s 0} {$s < $opt(seed)} {incr s} { $rng($f) next-substream }
  set rv($f) [new RandomVariable/Uniform]
  $rv($f) use-rng $rng($f)
}

Trace set show_sctphdr_ 1      ;# SCTP trace lines carry the chunk type and TSN
set ns [new Simulator]
set tracech [open [expr {$opt(trace) eq "" ? "/dev/null" : $opt(trace)}] w]
$ns trace-all $tracech        ;# every link traced (to nowhere); callbacks only where needed

# --- topology ---
set allLinks {}
proc link2 {a b bw delay} {
  global ns allLinks
  $ns duplex-link $a $b $bw $delay DropTail
  lappend allLinks [$ns link $a $b] [$ns link $b $a]
}
set src {}; set dst {}
if {$opt(setup) eq "alamgir-table2"} {
  for {set i 0} {$i < 6} {incr i} { set nd($i) [$ns node] }
  link2 $nd(0) $nd(2) 10Mb 2ms
  link2 $nd(1) $nd(2) 10Mb 2ms
  link2 $nd(2) $nd(3) $satbw 250ms
  link2 $nd(3) $nd(4) 10Mb 2ms
  link2 $nd(3) $nd(5) 10Mb 2ms
  set limited [expr {$opt(routerq) eq "sat" ? {2 3  3 2} : {2 3  3 2  3 4  3 5  2 0  2 1}}]
  foreach {a b} $limited { $ns queue-limit $nd($a) $nd($b) $satq }
  set hosts [list $nd(0) $nd(1)]
  set src [list $nd(0) $nd(1)]
  set dst [list $nd(4) $nd(5)]
  set B1 $nd(2); set B2 $nd(3)
} else {
  for {set i 1} {$i <= $N} {incr i} { set S($i) [$ns node] }
  set R1 [$ns node]
  set K1 [$ns node]
  for {set i 1} {$i <= $N} {incr i} {
    link2 $S($i) $R1 10Mb 2ms
    $ns queue-limit $R1 $S($i) $satq
    lappend src $S($i)
    lappend dst $K1
  }
  link2 $R1 $K1 $satbw 250ms
  $ns queue-limit $R1 $K1 $satq
  $ns queue-limit $K1 $R1 $satq
  set hosts $src
  set B1 $R1; set B2 $K1
}

# --- loss model at the end of the forward satellite link ---
set em [new ErrorModel]
$em unit pkt
$em set rate_ $opt(loss)
$em set enable_ 0
$em ranvar $rv(1)
$ns link-lossmodel $em $B1 $B2

# --- agents ---
for {set f 1} {$f <= $N} {incr f} {
  set s [lindex $src [expr {$f - 1}]]
  set d [lindex $dst [expr {$f - 1}]]
  if {$f % 2 == 1} {
    set kind($f) sack
    set a [new Agent/TCP/Sack1]
    $a set packetSize_ 1448
    $a set window_ 45
    set k [new Agent/TCPSink/Sack1]
    set app [new Application/FTP]
  } else {
    set kind($f) sctp-4960
    set a [new Agent/SCTP]
    set k [new Agent/SCTP]
    foreach x [list $a $k] {
      $x set mtu_ $opt(mtu)
      $x set dataChunkSize_ 1464
      $x set initialRwnd_ 65536
      $x set initialSsthresh_ 65536
    }
    $k set useDelayedSacks_ 0
    set app [new Application/FTP]
  }
  $a set fid_ $f
  $k set fid_ $f
  $ns attach-agent $s $a
  $ns attach-agent $d $k
  $ns connect $a $k
  $app attach-agent $a
  set agent($f) $a
  $ns at 0.0 "$app start"
}

# --- per-flow bookkeeping ---
for {set f 1} {$f <= $N} {incr f} {
  set sent($f) 0; set maxseq($f) 0; set first($f) -1; set hb($f) 0
  set lost($f) 0; set ovf($f) 0; set reached($f) 0
  set cw($f) 0; set cwT($f) 0; set area($f) 0.0
  set frPend($f) -1; set fr($f) 0; set to($f) 0; set badv($f) 0
  set raw($f) -1; set cutsNotMin($f) 0
}
set otherDrops 0
set fifoErr 0
# FIFO of packets in flight on the satellite link: uid, 1 if DATA, flow
array set fq {}
set fh 0; set ft 0

proc arm {} {
  # the packet at the head of the FIFO is the next one to reach the error model
  global fq fh em rv
  lassign $fq($fh) uid data flow
  if {$data} {
    $em ranvar $rv($flow)
    $em set enable_ 1
  } else {
    $em set enable_ 0
  }
}

proc isdata {type size flags} {
  if {$type eq "tcp"} { return [expr {$size > 40}] }
  if {$type eq "sctp"} { return [expr {[string index $flags end] eq "D"}] }
  return 0
}

# A host's own queue: every packet a source sends passes its "+" trace.
proc hostEnq {line} {
  global ns sent maxseq first hb kind cw cwT area
  lassign $line ev t from to type size flags f
  if {![info exists kind($f)]} return
  if {$type eq "tcp" && $size > 40} {
    set seq [lindex $line 10]
  } elseif {$type eq "sctp"} {
    set c [string index $flags end]
    if {$c eq "H"} { incr hb($f); return }
    if {$c ne "D"} return
    set seq [lindex $line 11]
  } else return
  incr sent($f)
  if {$seq > $maxseq($f)} { set maxseq($f) $seq }
  if {$first($f) < 0} {
    set now [$ns now]
    set first($f) $now
    set cwT($f) $now
    set area($f) 0.0
  }
}
proc satDeq {line} {
  global fq fh ft
  lassign $line ev t from to type size flags f
  set uid [lindex $line [expr {$type eq "sctp" ? 12 : 11}]]
  set fq($ft) [list $uid [isdata $type $size $flags] $f]
  incr ft
  if {$ft - $fh == 1} arm
}
proc satDone {line isdrop} {
  # a packet left the error model (received at the far node, or dropped by the model)
  global fq fh ft fifoErr lost reached ovf
  lassign $line ev t from to type size flags f
  set uid [lindex $line [expr {$type eq "sctp" ? 12 : 11}]]
  if {$ft > $fh && [lindex $fq($fh) 0] == $uid} {
    lassign $fq($fh) u data flow
    unset fq($fh)
    incr fh
    if {$data} { incr reached($flow) }
    if {$isdrop} {
      if {!$data} { incr fifoErr }
      incr lost($flow)
    }
    if {$ft > $fh} arm
  } elseif {$isdrop} {
    # a drop-tail drop at the satellite queue (never dequeued)
    if {[info exists ovf($f)]} { incr ovf($f) } else { incr fifoErr }
  } else {
    incr fifoErr
  }
}
proc otherDrop {line} { global otherDrops; incr otherDrops }

foreach h $hosts {
  set l [$ns link $h $B1]
  [$l set enqT_] proc handle {line} { hostEnq $line }
  [$l set enqT_] set callback_ 1
}
set sat [$ns link $B1 $B2]
[$sat set deqT_] proc handle {line} { satDeq $line }
[$sat set rcvT_] proc handle {line} { satDone $line 0 }
[$sat set drpT_] proc handle {line} { satDone $line 1 }
foreach x {deqT_ rcvT_ drpT_} { [$sat set $x] set callback_ 1 }
foreach lk $allLinks {
  if {$lk eq $sat} continue
  [$lk set drpT_] proc handle {line} { otherDrop $line }
  [$lk set drpT_] set callback_ 1
}

# --- congestion windows, fast retransmits, timeouts ---
# Each agent writes its traced variables to a reflected channel; the handler runs synchronously
# at the change, so the time is the scheduler's exact clock and (TCP) the value is read exactly.
proc cwset {f v} {
  global ns cw cwT area first
  if {$first($f) >= 0} {
    set now [$ns now]
    set area($f) [expr {$area($f) + $cw($f) * ($now - $cwT($f))}]
    set cwT($f) $now
  }
  set cw($f) $v
}
proc vchan {f cmd ch args} {
  global ns agent kind frPend fr to first badv raw cutsNotMin opt
  switch -- $cmd {
    initialize { return {initialize finalize watch write} }
    write {
      set data [lindex $args 0]
      if {$kind($f) eq "sack"} {
        set v [$agent($f) set cwnd_]
        if {$first($f) >= 0 && $raw($f) >= 0 && $v < $raw($f) && $v != 1} { incr cutsNotMin($f) }
        set raw($f) $v
        cwset $f $v
      } elseif {[string range $data 0 5] eq "time: "} {
        # ns-2.35 SCTP also writes a stale stack buffer to the channel on every SACK
        # (SendBufferDequeueUpTo); genuine trace lines start with "time: " and carry the
        # current time.
        set now [$ns now]
        if {[lindex $data 1] ne [format %.5f $now]} {
          incr badv($f)
        } elseif {[regexp {cwnd: (\d+) pba: \d+ out: \d+ ssthresh: \d+ peerRwnd: \d+\n$} $data -> c]} {
          set unit [expr {$opt(mtu) - 32}]
          if {$first($f) >= 0 && $raw($f) >= 0 && $c < $raw($f) && $c != $unit} { incr cutsNotMin($f) }
          set raw($f) $c
          cwset $f [expr {$c / double($unit)}]
          if {$frPend($f) == $now} { incr fr($f); set frPend($f) -1 }
        } elseif {[regexp {^time: \S+\s+frCount: } $data]} {
          if {$first($f) >= 0} { set frPend($f) $now }
        } elseif {[regexp {timeoutCount: \d+\n$} $data]} {
          if {$first($f) >= 0} { incr to($f) }
        } else {
          incr badv($f)
        }
      }
      return [string length $data]
    }
    default { return }
  }
}
for {set f 1} {$f <= $N} {incr f} {
  set ch [chan create write [list vchan $f]]
  fconfigure $ch -buffering none -translation binary
  $agent($f) attach $ch
  if {$kind($f) eq "sack"} {
    $agent($f) trace cwnd_
  } else {
    $agent($f) trace cwnd_
    $agent($f) trace frCount_
    $agent($f) trace timeoutCount_
  }
}

proc jnum {x} { return [format %.17g $x] }
proc finish {} {
  global ns opt N STOP kind agent sent maxseq first hb lost ovf reached cw cwT area fr to badv
  global otherDrops fifoErr fh ft satbw satq tracech cutsNotMin
  set flows {}
  for {set f 1} {$f <= $N} {incr f} {
    if {$first($f) >= 0} {
      set area($f) [expr {$area($f) + $cw($f) * ($STOP - $cwT($f))}]
      set mcw [expr {$area($f) / ($STOP - $first($f))}]
    } else { set mcw 0 }
    set a $agent($f)
    if {$kind($f) eq "sack"} {
      # Sack1: a fast-recovery entry is slowdown(CLOSE_SSTHRESH_HALF|CLOSE_CWND_HALF), an RTO with
      # data outstanding is ++nrexmit_ + slowdown(CLOSE_SSTHRESH_HALF|CLOSE_CWND_RESTART); both
      # count in ncwndcuts_ and ncwndcuts1_. An RTO without outstanding data counts only in
      # ncwndcuts_. Nothing else calls slowdown() under these settings.
      set nrexmit [$a set nrexmit_]
      set cuts [$a set ncwndcuts_]
      set cuts1 [$a set ncwndcuts1_]
      set frv [expr {$cuts1 - $nrexmit}]
      set tov [expr {$nrexmit + $cuts - $cuts1}]
      set extra [format {"nrexmit":%d,"ncwndcuts":%d,"ncwndcuts1":%d,"maxseq":%d,"nrexmitpack":%d} \
        $nrexmit $cuts $cuts1 [$a set maxseq_] [$a set nrexmitpack_]]
    } else {
      set frv $fr($f)
      set tov $to($f)
      set extra [format {"hb_sent":%d,"bad_var_writes":%d} $hb($f) $badv($f)]
    }
    lappend flows [format {{"flow":%d,"sender":"%s","unique_pkts":%d,"sent_pkts":%d,"first_data_s":%s,"fr_episodes":%d,"timeouts":%d,"mean_cwnd_pkts":%s,"lost_pkts":%d,"overflow_drops":%d,"data_reached_end":%d,"cwnd_cuts_not_to_min":%d,%s}} \
      $f $kind($f) $maxseq($f) $sent($f) [jnum $first($f)] $frv $tov [jnum $mcw] \
      $lost($f) $ovf($f) $reached($f) $cutsNotMin($f) $extra]
  }
  set json [format {{"setup":"%s","n":%d,"loss":%s,"seed":%d,"stop":%s,"sat_bw":"%s","sat_queue":%d,"flows":[%s],"checks":{"other_drops":%d,"fifo_errors":%d,"in_flight_at_stop":%d}}} \
    $opt(setup) $N $opt(loss) $opt(seed) [jnum $STOP] $satbw $satq [join $flows ,] \
    $otherDrops $fifoErr [expr {$ft - $fh}]]
  puts $json
  if {$opt(out) ne ""} {
    set fn [file join $opt(out) "$opt(setup)-n$N-l$opt(loss)-s$opt(seed).json"]
    set o [open $fn.tmp w]; puts $o $json; close $o
    file rename -force $fn.tmp $fn
  }
  flush stdout
  close $tracech
  exit 0
}
$ns at $STOP "finish"
$ns run
