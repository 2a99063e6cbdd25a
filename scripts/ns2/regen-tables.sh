#!/bin/sh
# Regenerate the ns-2 table statistics in tests/fixtures/ns2-tables/ — OPTIONAL.
#
# The project never needs ns-2: the fixtures are committed, and building, running and testing
# only read them. This script is for whoever wants to re-derive them, and needs ns-2.35's `ns`
# on the PATH (Debian/Ubuntu package `ns2`) plus Node.
#
#   scripts/ns2/regen-tables.sh                              # all three setups, each with its
#                                                            # own seeds (60; geo-table2 150)
#   scripts/ns2/regen-tables.sh --setup geo-table3           # one setup
#   scripts/ns2/regen-tables.sh --jobs 2 --cache <dir>       # ns processes at once; keep and
#                                                            # reuse per-run results (resume)
#
# 1260 runs (alamgir-table2 7 x 60 of 1000 s, geo-table2 4 x 150 and geo-table3 4 x 60 of
# 500 s); each takes 0.3-3 s of one core, so about half an hour with 2 jobs on an idle machine.
# The fixtures come out byte for byte as committed (ns-2 is deterministic given the seeds).
set -e
if ! command -v ns >/dev/null 2>&1; then
  echo "regen-tables.sh: ns-2.35 ('ns') is not installed; the committed fixtures are used as they are." >&2
  exit 1
fi
cd "$(dirname "$0")/../.."
exec nice -n 10 node scripts/ns2/tables.mjs "$@"
