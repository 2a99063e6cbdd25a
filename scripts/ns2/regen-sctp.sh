#!/bin/sh
# Regenerate the ns-2 SCTP test fixtures in tests/fixtures/ns2-sctp/ — OPTIONAL.
#
# The project never needs ns-2: the fixtures are committed, and building, running and testing
# only read them. This script is for whoever wants to re-derive them, and needs ns-2.35's `ns`
# on the PATH (Debian/Ubuntu package `ns2`) plus Node (for the conversion).
#
#   scripts/ns2/regen-sctp.sh                  # rerun every case of scripts/ns2/sctp-cases.mjs
#   scripts/ns2/regen-sctp.sh --only rwnd-     # only cases whose name contains the string
#
# The published runs (sctp-fr4-*, sctp-fr3-*) and summary.csv come out byte for byte as committed.
set -e
if ! command -v ns >/dev/null 2>&1; then
  echo "regen-sctp.sh: ns-2.35 ('ns') is not installed; the committed fixtures are used as they are." >&2
  exit 1
fi
cd "$(dirname "$0")/../.."
exec node scripts/ns2/regen-sctp.mjs "$@"
