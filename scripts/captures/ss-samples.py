#!/usr/bin/env python3
"""`ss -tinH` samples (each preceded by an '@ <unix time>' line) → CSV:
time_s (Unix time, as the capture timestamps), cwnd (segments), ssthresh (segments, empty = infinite),
unacked (segments), mss (bytes), rtt_ms, retrans_total."""
import re
import sys

rows = []
t0 = None
t = None
for line in sys.stdin:
    line = line.strip()
    if line.startswith("@ "):
        t = float(line[2:])
        if t0 is None:
            t0 = t
        continue
    m = re.search(r"\bcwnd:(\d+)", line)
    if not m or t is None:
        continue
    def get(pat, default=""):
        g = re.search(pat, line)
        return g.group(1) if g else default
    rows.append((
        f"{t:.3f}",
        m.group(1),
        get(r"\bssthresh:(\d+)"),
        get(r"\bunacked:(\d+)", "0"),
        get(r"\bmss:(\d+)"),
        get(r"\brtt:([\d.]+)/"),
        get(r"\bretrans:\d+/(\d+)", "0"),
    ))
print("time_s,cwnd,ssthresh,unacked,mss,rtt_ms,retrans_total")
for r in rows:
    print(",".join(r))
