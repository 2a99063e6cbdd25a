# One ns-2.35 run of the Fall & Floyd setup (REFERENCE.md, "The Fall & Floyd topology"):
#
#   S1 --(fwdbw, fwddelay, queue fwdq)-- R1 --(bw, delay, queue qlimit)-- K1
#
# one bulk TCP flow S1 -> K1 starting at `start`, scripted drops in front of R1's queue
# towards K1. Only used to produce test fixtures (scripts/ns2/regen.sh); the project never
# needs ns-2 to build, run or test.
#
# Usage: ns ff96.tcl key=value ...
#   variant   tahoe | reno | newreno | sack | fack | vegas  (default reno)
#   drops     comma list of 1-based packet numbers; "15:2" = the 2nd transmission of 15
#   window    receiver window, packets                      (28)
#   maxburst  ns-2 maxburst_ (0 = unlimited)                (0)
#   bugfix    ns-2 bugFix_ (1/0)                            (1)
#   qlimit    drop-tail limit at R1 towards K1 (and back)   (8)
#   bw, delay bottleneck R1-K1                              (800Kb, 100ms)
#   fwdbw, fwddelay, fwdq  access link S1-R1                (8Mb, 0ms, 50)
#   minrto    ns-2 minrto_, seconds                         (1)
#   numdupacks  duplicate ACKs that trigger fast retransmit (ns-2 numdupacks_)  (3)
#   windowinit  ns-2 windowInit_, packets                   (1)
#   syn         ns-2 syn_: packet 1 is a header-only SYN (1/0)          (0)
#   delaygrowth ns-2 delay_growth_: cwnd = windowInit_ on the SYN's ACK (1/0)  (0)
#   singledup   ns-2 singledup_: limited transmit (1/0)     (0)
#   precision   ns-2 precisionReduce_: non-integer window cuts (1/0)    (0)
#   rttvar      ns-2 updated_rttvar_ (1/0; no C++ binding in ns-2.35)   (0)
#   nrchanges1  Newreno newreno_changes1_ (1/0)             (0)
#   pwd         Newreno partial_window_deflation_ (1/0)     (0)
#   delack      delayed-ACK sink (TCPSink/DelAck, TCPSink/Sack1/DelAck; interval_ 100 ms,
#               ns-2.35's SYN_immediate_ack_ and RFC2581_immediate_ack_ true) (1/0)  (0)
#   valpha, vbeta, vgamma  Vegas v_alpha_, v_beta_, v_gamma_, packets (ns-2.35: 1, 3, 1)
#   All defaults are the Fall & Floyd settings below; ns-2.35's own defaults (ns-default.tcl)
#   are windowinit=2 syn=1 delaygrowth=1 singledup=1 precision=1 rttvar=1 nrchanges1=1 pwd=1
#   minrto=0.2.
#   start, stop                                             (1.0, 6.0)
#
# Output (stdout), in ns-2's processing order:
#   E <exact time> <ns-2 trace line>      every packet event on every link
#   V <exact time> <cause> cwnd ssthresh dupacks ack maxseq t_seqno rtt srtt rttvar backoff nrexmit
#                                         the sender's variables whenever one changed
# The exact time is `$ns now` (the scheduler's double); the trace line carries ns-2's own
# time rounded to 1 us. scripts/ns2/to-fixture.mjs turns this into fixture CSV.

array set opt {
  variant reno drops {} window 28 maxburst 0 bugfix 1 qlimit 8
  bw 800Kb delay 100ms fwdbw 8Mb fwddelay 0ms fwdq 50 minrto 1 start 1.0 stop 6.0
  numdupacks 3 windowinit 1 syn 0 delaygrowth 0 singledup 0 precision 0 rttvar 0
  nrchanges1 0 pwd 0 delack 0 valpha 1 vbeta 3 vgamma 1
}
foreach a $argv {
  set i [string first = $a]
  if {$i < 0} { puts stderr "bad argument $a"; exit 2 }
  set opt([string range $a 0 [expr {$i - 1}]]) [string range $a [expr {$i + 1}] end]
}

# --- ns-2 settings behind REFERENCE.md (the tcpVariants test suite's globals) ---
proc tclbool {x} { expr {$x ? "true" : "false"} }
Trace set show_tcphdr_ 1       ;# trace lines carry ackno and the number of SACK blocks
Trace set callback_ 1          ;# every trace line is also handed to "Trace handle"
Agent/TCP set windowInit_ $opt(windowinit)  ;# Fall & Floyd: cwnd starts at 1 packet
Agent/TCP set syn_ [tclbool $opt(syn)]      ;# Fall & Floyd: no SYN, packet 1 is data (sent without its header)
Agent/TCP set delay_growth_ [tclbool $opt(delaygrowth)] ;# Fall & Floyd: cwnd opens on the first ACK too
Agent/TCP set singledup_ $opt(singledup)    ;# Fall & Floyd: no limited transmit
Agent/TCP set precisionReduce_ [tclbool $opt(precision)] ;# Fall & Floyd: integer window cuts
Agent/TCP set updated_rttvar_ [tclbool $opt(rttvar)]
Agent/TCP set minrto_ $opt(minrto)
Agent/TCP set tcpTick_ 0.01
Agent/TCP set maxburst_ $opt(maxburst)
Agent/TCP set bugFix_ [tclbool $opt(bugfix)]
Agent/TCP set numdupacks_ $opt(numdupacks)
Agent/TCP/Newreno set newreno_changes1_ $opt(nrchanges1)
Agent/TCP/Newreno set partial_window_deflation_ $opt(pwd)
Agent/TCP/Vegas set v_alpha_ $opt(valpha)
Agent/TCP/Vegas set v_beta_ $opt(vbeta)
Agent/TCP/Vegas set v_gamma_ $opt(vgamma)

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
# dropped packet never enters it). It drops every packet while enabled; the trace callback
# of the packet's arrival at R1 enables it for exactly the transmissions to drop.
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
  set pkt [lindex $parts 0]
  set k [expr {[llength $parts] > 1 ? [lindex $parts 1] : 1}]
  set dropset([expr {$pkt - 1}],$k) 1
}
array set seen {}

set dl [expr {$opt(delack) ? "/DelAck" : ""}]  ;# delayed-ACK sink when delack=1
switch -- $opt(variant) {
  tahoe   { set tcp [$ns create-connection TCP $s1 TCPSink$dl $k1 1] }
  reno    { set tcp [$ns create-connection TCP/Reno $s1 TCPSink$dl $k1 1] }
  newreno { set tcp [$ns create-connection TCP/Newreno $s1 TCPSink$dl $k1 1] }
  sack    { set tcp [$ns create-connection TCP/Sack1 $s1 TCPSink/Sack1$dl $k1 1] }
  fack    { set tcp [$ns create-connection TCP/Fack $s1 TCPSink/Sack1$dl $k1 1] }
  vegas   { set tcp [$ns create-connection TCP/Vegas $s1 TCPSink$dl $k1 1] }
  default { puts stderr "unknown variant $opt(variant)"; exit 2 }
}
$tcp set window_ $opt(window)
set ftp [$tcp attach-app FTP]

set S1 [$s1 id]
set R1 [$r1 id]
set lastAckAtS1 -1
set lastVars ""

proc snap {cause} {
  global ns tcp lastVars
  set v [list [$tcp set cwnd_] [$tcp set ssthresh_] [$tcp set dupacks_] [$tcp set ack_] \
    [$tcp set maxseq_] [$tcp set t_seqno_] [$tcp set rtt_] [$tcp set srtt_] [$tcp set rttvar_] \
    [$tcp set backoff_] [$tcp set nrexmit_]]
  if {$v != $lastVars} {
    set lastVars $v
    puts "V [$ns now] $cause $v"
  }
}

Trace instproc handle {line} {
  global ns em dropset seen S1 R1 lastAckAtS1
  set now [$ns now]
  set f [regexp -all -inline {\S+} $line]
  set ev [lindex $f 0]
  set from [lindex $f 2]
  set to [lindex $f 3]
  set type [lindex $f 4]
  if {$ev == "r" && $from == $S1 && $to == $R1 && $type == "tcp"} {
    # a data packet reaches R1: decide the scripted drop before it meets the error model
    set seq [lindex $f 10]
    if {[info exists seen($seq)]} { incr seen($seq) } else { set seen($seq) 1 }
    $em set enable_ [info exists dropset($seq,$seen($seq))]
  }
  puts "E $now $line"
  if {$ev == "r" && $to == $S1 && $type == "ack"} {
    set lastAckAtS1 $now
    $ns at $now "snap ack"
  } elseif {$ev == "+" && $from == $S1 && $type == "tcp" && $now != $lastAckAtS1} {
    $ns at $now "snap timer"
  }
}

$ns at 0.0 "snap start"
$ns at $opt(start) "$ftp start"
$ns at $opt(start) "snap start"
$ns at $opt(stop) "flush stdout; exit 0"
$ns run
