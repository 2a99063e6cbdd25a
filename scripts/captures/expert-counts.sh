#!/usr/bin/env bash
# Wireshark's expert analysis of one capture: the number of packets each tcp.analysis.* flag
# marks, as JSON (tshark's default preferences: relative sequence numbers, analysis on).
set -euo pipefail
f=$1
count() { tshark -n -r "$f" -Y "$1" 2>/dev/null | wc -l | tr -d ' '; }
printf '{\n'
printf '  "tshark": "%s",\n' "$(tshark --version 2>/dev/null | head -1 | grep -o '[0-9][0-9.]*' | head -1)"
printf '  "packets": %s,\n' "$(count tcp)"
printf '  "data_packets": %s,\n' "$(count 'tcp.len > 0')"
printf '  "retransmissions": %s,\n' "$(count tcp.analysis.retransmission)"
printf '  "retransmissions_plain": %s,\n' "$(count 'tcp.analysis.retransmission && !tcp.analysis.fast_retransmission && !tcp.analysis.spurious_retransmission')"
printf '  "fast_retransmissions": %s,\n' "$(count tcp.analysis.fast_retransmission)"
printf '  "spurious_retransmissions": %s,\n' "$(count tcp.analysis.spurious_retransmission)"
printf '  "duplicate_acks": %s,\n' "$(count tcp.analysis.duplicate_ack)"
printf '  "out_of_order": %s,\n' "$(count tcp.analysis.out_of_order)"
printf '  "lost_segment": %s,\n' "$(count tcp.analysis.lost_segment)"
printf '  "zero_window": %s\n' "$(count tcp.analysis.zero_window)"
printf '}\n'
