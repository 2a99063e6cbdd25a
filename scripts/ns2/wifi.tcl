# One ns-2.35 run of n stations sending to one sink over a single 802.11b cell (Mac/802_11):
#
#   node 0 (the sink, the engine's AP) at the centre; stations 1 … n on a circle of `radius`
#   metres around it: every node hears every other, each station's frames reach node 0 with the
#   same power and at the same time, and nobody captures (CPThresh_ set out of reach), so two
#   backoffs ending together collide at the sink and only collisions lose frames (no error model).
#
# Traffic, every station to node 0 (one flow per station, fid = station index):
#   udp   Agent/UDP + Application/Traffic/CBR, `size` bytes per datagram, `pps` a second each
#         (saturated: more than the cell carries)
#   tcp   Agent/TCP/Newreno + FTP to a TCPSink (one ACK per segment), `seg` bytes of payload
#   sctp  Agent/SCTP + FTP to an Agent/SCTP sink (ns-2.35's defaults but the ones below)
# Only used to produce test fixtures (scripts/ns2/wifi-regen.mjs); the project never needs
# ns-2 to build, run or test.
#
# Every Mac/802_11 parameter is set explicitly (ns-2.35's default after #):
#   dataRate_ 11Mb (1Mb)   basicRate_ 1Mb (1Mb): RTS, CTS and ACK at 1 Mb/s
#   PLCPDataRate_ 1Mb (1Mb), PreambleLength_ 144 (144), PLCPHeaderLength_ 48 (48): the DSSS long
#   preamble, 192 µs at 1 Mb/s
#   SlotTime_ 20 µs (20 µs), SIFS_ 10 µs (10 µs), CWMin_ 31 (31), CWMax_ 1023 (1023)
#   ShortRetryLimit_ 7 (7), LongRetryLimit_ 4 (4)
#   RTSThreshold_ 3000 for basic access, 0 for RTS/CTS before every frame (0)
#   bugFix_timer_ true (true)
# Phy/WirelessPhy: CPThresh_ 1e12 (10: no capture), the rest ns-2's defaults (914 MHz, Pt_
# 0.2818 W, RXThresh_ 3.652e-10: 250 m); TwoRayGround propagation; OmniAntenna.
# LL delay_ 0 (25 µs): no link-layer processing delay. ifq Queue/DropTail/PriQueue, `qlimit`
# packets (50 here; ns-2's examples use 50). Routing DumbAgent: the next hop is the destination,
# no routing traffic. ARP (ns-2's ARP, one request/reply per pair at the first packet) is not
# pre-resolved: it happens before `warmup`, outside the measured window.
#
# Usage: ns wifi.tcl key=value ...
#   n         stations                                         (1)
#   kind      udp | tcp | sctp                                 (udp)
#   rts       1: RTS/CTS before every data frame               (0)
#   size      UDP datagram bytes (payload + 28; ns-2's UDP adds no header) (1028)
#   pps       CBR packets a second per station                 (2000)
#   seg       TCP packetSize_ (payload per segment)            (1000)
#   window    TCP window_, packets                             (64)
#   qlimit    interface queue, packets                         (50)
#   radius    metres                                           (5)
#   seed      ns-2's RNG seed (defaultRNG)                     (1)
#   stop      seconds                                          (11)
#   trace     path of ns-2's wireless trace (old format, AGT + MAC levels)
#
# Output: the wireless trace; stdout: nothing.

array set opt {
  n 1 kind udp rts 0 size 1028 pps 2000 seg 1000 window 64 qlimit 50 radius 5 seed 1 stop 11
  trace /dev/stdout
}
foreach a $argv {
  set i [string first = $a]
  if {$i < 0} { puts stderr "bad argument $a"; exit 2 }
  set k [string range $a 0 [expr {$i - 1}]]
  if {![info exists opt($k)]} { puts stderr "unknown option $k"; exit 2 }
  set opt($k) [string range $a [expr {$i + 1}] end]
}

global defaultRNG
$defaultRNG seed $opt(seed)

Mac/802_11 set dataRate_ 11Mb
Mac/802_11 set basicRate_ 1Mb
Mac/802_11 set PLCPDataRate_ 1Mb
Mac/802_11 set PreambleLength_ 144
Mac/802_11 set PLCPHeaderLength_ 48
Mac/802_11 set SlotTime_ 0.000020
Mac/802_11 set SIFS_ 0.000010
Mac/802_11 set CWMin_ 31
Mac/802_11 set CWMax_ 1023
Mac/802_11 set ShortRetryLimit_ 7
Mac/802_11 set LongRetryLimit_ 4
Mac/802_11 set RTSThreshold_ [expr {$opt(rts) ? 0 : 3000}]
Mac/802_11 set bugFix_timer_ true
Phy/WirelessPhy set CPThresh_ 1e12
LL set delay_ 0

set ns [new Simulator]
set tf [open $opt(trace) w]
$ns trace-all $tf
set topo [new Topography]
$topo load_flatgrid 100 100
set nn [expr {$opt(n) + 1}]
create-god $nn
set chan [new Channel/WirelessChannel]
$ns node-config -adhocRouting DumbAgent -llType LL -macType Mac/802_11 \
  -ifqType Queue/DropTail/PriQueue -ifqLen $opt(qlimit) -antType Antenna/OmniAntenna \
  -propType Propagation/TwoRayGround -phyType Phy/WirelessPhy -channel $chan \
  -topoInstance $topo -agentTrace ON -routerTrace OFF -macTrace ON -movementTrace OFF

set pi 3.14159265358979
for {set i 0} {$i < $nn} {incr i} {
  set node($i) [$ns node]
  $node($i) random-motion 0
  if {$i == 0} {
    set x 50.0; set y 50.0
  } else {
    set a [expr {2 * $pi * ($i - 1) / $opt(n)}]
    set x [expr {50.0 + $opt(radius) * cos($a)}]
    set y [expr {50.0 + $opt(radius) * sin($a)}]
  }
  $node($i) set X_ $x
  $node($i) set Y_ $y
  $node($i) set Z_ 0.0
}

# Flows start 1 ms apart (station order) from 0.1 s, so the ARP exchanges do not collide.
for {set i 1} {$i < $nn} {incr i} {
  set t [expr {0.1 + 0.001 * ($i - 1)}]
  switch -- $opt(kind) {
    udp {
      set src [new Agent/UDP]
      $src set packetSize_ 1500
      set dst [new Agent/Null]
      set app [new Application/Traffic/CBR]
      $app set packetSize_ $opt(size)
      $app set rate_ [expr {8 * $opt(size) * $opt(pps)}]
      $app set random_ 0
      $app attach-agent $src
    }
    tcp {
      set src [new Agent/TCP/Newreno]
      $src set packetSize_ $opt(seg)
      $src set window_ $opt(window)
      set dst [new Agent/TCPSink]
      set app [new Application/FTP]
      $app attach-agent $src
    }
    sctp {
      set src [new Agent/SCTP]
      set dst [new Agent/SCTP]
      set app [new Application/FTP]
      $app attach-agent $src
    }
    default { puts stderr "unknown kind $opt(kind)"; exit 2 }
  }
  $src set fid_ $i
  $ns attach-agent $node($i) $src
  $ns attach-agent $node(0) $dst
  $ns connect $src $dst
  $ns at $t "$app start"
}

$ns at $opt(stop) "$ns flush-trace; close $tf; exit 0"
$ns run
