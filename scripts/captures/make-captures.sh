#!/usr/bin/env bash
# Real Linux TCP captures for the capture-import fixtures (tests/fixtures/captures).
# Needs root, iproute2 (ip, tc, ss), ethtool, dumpcap and tshark (Debian's tshark), python3.
#
# Topology: three network namespaces joined by two veth pairs, MTU 1500, offloads off
# (so a capture shows wire-sized segments, not GSO/GRO aggregates):
#   snd (10.77.1.1, fd77:1::1) ── rtr ── rcv (10.77.2.2, fd77:2::2)
# rtr's interface toward rcv is the bottleneck: tbf at RATE with a pfifo of LIMIT packets.
# Each run captures with `dumpcap -s 128` at the sender's interface (pcapng, Ethernet: sender
# side, before the bottleneck) and on `any` in rcv (pcap, Linux cooked SLL or SLL2: receiver side,
# after it), samples `ss -tin` in snd every 20 ms, and writes tshark's expert-analysis counts.
#
# Usage: sudo scripts/captures/make-captures.sh [OUTDIR]   (default tests/fixtures/captures)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:-$HERE/../../tests/fixtures/captures}
RATE=${RATE:-4mbit}
LIMIT=${LIMIT:-10}
BYTES=${BYTES:-1000000}
mkdir -p "$OUT"
P=ackcap

cleanup() {
  for n in snd rtr rcv; do ip netns del "$P-$n" 2>/dev/null || true; done
}
trap cleanup EXIT
cleanup

for n in snd rtr rcv; do ip netns add "$P-$n"; ip -n "$P-$n" link set lo up; done
ip link add "$P-s0" netns "$P-snd" type veth peer name "$P-r0" netns "$P-rtr"
ip link add "$P-r1" netns "$P-rtr" type veth peer name "$P-d0" netns "$P-rcv"
addr() { # ns dev v4 v6
  ip -n "$P-$1" addr add "$3/24" dev "$2"
  ip -n "$P-$1" addr add "$4/64" dev "$2" nodad
  ip -n "$P-$1" link set "$2" mtu 1500 up
  ip netns exec "$P-$1" ethtool -K "$2" tso off gso off gro off lro off >/dev/null 2>&1 || true
}
addr snd "$P-s0" 10.77.1.1 fd77:1::1
addr rtr "$P-r0" 10.77.1.254 fd77:1::fe
addr rtr "$P-r1" 10.77.2.254 fd77:2::fe
addr rcv "$P-d0" 10.77.2.2 fd77:2::2
ip -n "$P-snd" route add default via 10.77.1.254
ip -n "$P-snd" -6 route add default via fd77:1::fe
ip -n "$P-rcv" route add default via 10.77.2.254
ip -n "$P-rcv" -6 route add default via fd77:2::fe
ip netns exec "$P-rtr" sysctl -qw net.ipv4.ip_forward=1 net.ipv6.conf.all.forwarding=1
# The bottleneck: rtr → rcv.
ip netns exec "$P-rtr" tc qdisc add dev "$P-r1" root handle 1: tbf rate "$RATE" burst 3000 latency 1s
ip netns exec "$P-rtr" tc qdisc add dev "$P-r1" parent 1:1 handle 10: pfifo limit "$LIMIT"

run() { # name cc family host receiver-link-type
  local name=$1 cc=$2 fam=$3 host=$4 lt=$5 port=5001
  local snd="$OUT/$name-sender.pcapng" rcv="$OUT/$name-receiver.pcap"
  ip netns exec "$P-rcv" python3 "$HERE/bulk.py" recv $port "$fam" >/dev/null &
  local rpid=$!
  ip netns exec "$P-snd" dumpcap -q -s 128 -i "$P-s0" -f "tcp port $port" -w "$snd" 2>/dev/null &
  local c1=$!
  ip netns exec "$P-rcv" dumpcap -q -P -s 128 -i any -y "$lt" -f "tcp port $port" -w "$rcv" 2>/dev/null &
  local c2=$!
  sleep 1.5
  ip netns exec "$P-snd" bash -c "while sleep 0.02; do echo \"@ \$(date +%s.%N)\"; ss -tinH dport = :$port; done" \
    >"$OUT/$name-ss.raw" &
  local sspid=$!
  ip netns exec "$P-snd" python3 "$HERE/bulk.py" send "$host" $port "$cc" "$BYTES"
  wait $rpid
  sleep 0.5
  kill $sspid $c1 $c2 2>/dev/null || true
  wait $c1 $c2 2>/dev/null || true
  python3 "$HERE/ss-samples.py" <"$OUT/$name-ss.raw" >"$OUT/$name-ss.csv"
  rm -f "$OUT/$name-ss.raw"
  for f in "$snd" "$rcv"; do "$HERE/expert-counts.sh" "$f" >"${f%.*}.tshark.json"; done
}

run reno reno 4 10.77.2.2 LINUX_SLL
run cubic cubic 4 10.77.2.2 LINUX_SLL
run bbr6 bbr 6 fd77:2::2 LINUX_SLL2
ls -l "$OUT"
