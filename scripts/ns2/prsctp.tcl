# ns-2.35 Agent/SCTP with several outbound streams and, optionally, its PR-SCTP "unreliable
# streams": scripts/ns2/sctp.tcl (the Fall & Floyd run, its options and output) with three more
# options, set as Agent/SCTP class defaults before sctp.tcl creates the endpoints. Only used to
# produce test fixtures (scripts/ns2/prsctp-regen.mjs); the project never needs ns-2.
#
# Usage: ns prsctp.tcl streams=4 unrel=0 rel=0 <sctp.tcl options>
#   streams   numOutStreams_: outbound streams, fed round robin per chunk       (1)
#   unrel     numUnrelStreams_: streams 0 … unrel−1 are unreliable (PR-SCTP)     (0)
#   rel       reliability_: retransmissions allowed on an unreliable stream      (0)
#   unord     unordered_: 1 = every DATA chunk unordered (U bit), delivered on arrival (0)
# In the trace, a DATA line's last two fields are its Stream Identifier and SSN; a FORWARD TSN
# chunk is the letter R with its New Cumulative TSN in the TSN field.

array set pr {streams 1 unrel 0 rel 0 unord 0}
set rest {}
foreach a $argv {
  set i [string first = $a]
  set k [string range $a 0 [expr {$i - 1}]]
  if {$i > 0 && [info exists pr($k)]} {
    set pr($k) [string range $a [expr {$i + 1}] end]
  } else {
    lappend rest $a
  }
}
Agent/SCTP set numOutStreams_ $pr(streams)
Agent/SCTP set numUnrelStreams_ $pr(unrel)
Agent/SCTP set reliability_ $pr(rel)
Agent/SCTP set unordered_ $pr(unord)
set argv $rest
set argc [llength $rest]
source [file join [file dirname [info script]] sctp.tcl]
