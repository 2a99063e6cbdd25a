# One ns-2.35 run of Agent/TCP/Linux with `select_ca cubic` (ns-2's port of Linux 2.6.22's
# tcp_cubic.c, CUBIC v2.1) on the long-fat topology (src/scenarios/topologies/long-fat.ts):
#
#   S1 --(100Mb, 1ms, queue 100)-- R --(10Mb, 50ms, drop-tail queue 60)-- K
#
# one bulk flow S1 -> K from 0 s to `stop`, 1000-byte segments (1040 bytes on the wire), a SACK
# sink (Agent/TCPSink/Sack1 with RFC 1323 timestamp echo, as ns-2's Linux TCP examples use).
# Only used to produce the fixture of tests/fixtures/ns2-cubic/ (see its README); the project
# never needs ns-2 to build, run or test.
#
# Usage: ns linux-cubic.tcl [key=value ...]
#   ca      congestion control module for select_ca            (cubic)
#   stop    end of the run, s                                  (60)
#   window  receiver window, packets (ns-2 window_)            (1000)
#   qlimit  drop-tail limit at R towards K                     (60)
#
# Output (stdout):
#   C <time> <cwnd>          every change of the sender's cwnd_ (packets)
#   S <time> <ssthresh>      every change of ssthresh_
#   D <time> <packet>        a data packet dropped at R's queue towards K (1-based number)
#   A <time> <ack>           the highest cumulative ACK (1-based packets), every 0.1 s
# scripts/ns2/linux-cubic.mjs turns it into the fixture CSV:
#   ns scripts/ns2/linux-cubic.tcl | node scripts/ns2/linux-cubic.mjs | gzip -9n \
#     > tests/fixtures/ns2-cubic/linux-cubic-long-fat.csv.gz

array set opt { ca cubic stop 60 window 1000 qlimit 60 }
foreach a $argv {
  set i [string first = $a]
  if {$i < 0} { puts stderr "bad argument $a"; exit 2 }
  set opt([string range $a 0 [expr {$i - 1}]]) [string range $a [expr {$i + 1}] end]
}

Trace set callback_ 1   ;# every trace line is also handed to "Trace handle" (below)
set ns [new Simulator]
set devnull [open /dev/null w]
$ns trace-all $devnull  ;# before the links, so they are traced
set S [$ns node]
set R [$ns node]
set K [$ns node]
$ns duplex-link $S $R 100Mb 1ms DropTail
$ns duplex-link $R $K 10Mb 50ms DropTail
$ns queue-limit $S $R 100
$ns queue-limit $R $S 100
$ns queue-limit $R $K $opt(qlimit)
$ns queue-limit $K $R $opt(qlimit)

set tcp [new Agent/TCP/Linux]
$tcp set packetSize_ 1000
$tcp set window_ $opt(window)
$tcp set timestamps_ true
set sink [new Agent/TCPSink/Sack1]
$sink set ts_echo_rfc1323_ true
$ns attach-agent $S $tcp
$ns attach-agent $K $sink
$ns connect $tcp $sink
set ftp [new Application/FTP]
$ftp attach-agent $tcp

# Every trace line goes to `Trace handle` (callback_): drops at R's queue towards K are
# printed; an ACK reaching S schedules a look at cwnd_ and ssthresh_ after the agent took it.
set SID [$S id]
set RID [$R id]
set KID [$K id]
Trace instproc handle {line} {
  global ns SID RID KID
  set f [regexp -all -inline {\S+} $line]
  set ev [lindex $f 0]
  if {$ev eq "d" && [lindex $f 2] == $RID && [lindex $f 3] == $KID && [lindex $f 4] eq "tcp"} {
    # ns-2 trace: d time from to type size flags fid src dst seqno uid (seqno 0-based)
    puts "D [$ns now] [expr {[lindex $f 10] + 1}]"
  } elseif {$ev eq "r" && [lindex $f 3] == $SID && [lindex $f 4] eq "ack"} {
    $ns at [$ns now] snap
  }
}

set lastc -1
set lasts -1
proc snap {} {
  global ns tcp lastc lasts
  set c [$tcp set cwnd_]
  set s [$tcp set ssthresh_]
  if {$c != $lastc} { puts "C [$ns now] $c"; set lastc $c }
  if {$s != $lasts} { puts "S [$ns now] $s"; set lasts $s }
}
proc sample {} {
  global ns tcp
  puts "A [$ns now] [expr {[$tcp set ack_] + 1}]"
  $ns at [expr {[$ns now] + 0.1}] sample
}

$ns at 0 "$tcp select_ca $opt(ca)"
$ns at 0 "$ftp start"
$ns at 0 snap
$ns at 0 sample
$ns at $opt(stop) "exit 0"
$ns run
