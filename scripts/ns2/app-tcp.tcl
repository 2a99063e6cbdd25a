# One ns-2.35 TCP run on the Fall & Floyd setup (scripts/ns2/ff96.tcl, whose options it keeps)
# fed by an application other than an infinite FTP: a finite transfer (`$ftp send <bytes>`:
# TcpAgent::sendmsg raises curseq_ by ceil(bytes / packetSize_)) or an Application/Traffic/CBR
# attached to the agent (each CBR packet is sendmsg(packetSize_): curseq_ + 1), optionally
# stopped and restarted to leave the sender idle. Only used to produce test fixtures
# (scripts/ns2/app-regen.mjs); the project never needs ns-2 to build, run or test.
#
# Usage: ns app-tcp.tcl key=value ...   (every ff96.tcl option, plus)
#   app       file | cbr                                    (file)
#   bytes     file: bytes handed to `$ftp send` at `start`  (60000)
#   rate      cbr: rate_, bit/s (packetSize_ 1000 bytes)    (400000)
#   cbrstop   cbr: `$cbr stop` at this time (0 = never)     (0)
#   cbrstart  cbr: `$cbr start` again at this time (0 = never) (0)
# ns-2's one-way TCP has no FIN: the run shows the data and ACK events only.
#
# Output: as ff96.tcl (E and V lines); V rows also after every packet the sender sends
# outside an ACK's arrival (cause timer: an RTO or the application's send).

array set opt {
  variant reno drops {} window 28 maxburst 0 bugfix 1 qlimit 8
  bw 800Kb delay 100ms fwdbw 8Mb fwddelay 0ms fwdq 50 minrto 1 start 1.0 stop 6.0
  numdupacks 3 windowinit 1 syn 0 delaygrowth 0 singledup 0 precision 0 rttvar 0
  nrchanges1 0 pwd 0 delack 0 app file bytes 60000 rate 400000 cbrstop 0 cbrstart 0
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
  default { puts stderr "unknown variant $opt(variant)"; exit 2 }
}
$tcp set window_ $opt(window)
switch -- $opt(app) {
  file { set ftp [$tcp attach-app FTP] }
  cbr {
    set cbr [new Application/Traffic/CBR]
    $cbr set packetSize_ 1000
    $cbr set rate_ $opt(rate)
    $cbr set random_ 0
    $cbr attach-agent $tcp
  }
  default { puts stderr "unknown app $opt(app)"; exit 2 }
}

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
