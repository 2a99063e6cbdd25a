#!/bin/sh
# Regenerate the ns-2 replay fixtures in tests/fixtures/ns2-replay/ — OPTIONAL.
#
# The project never needs ns-2: the fixtures are committed, and building, running and testing
# only read them. This script is for whoever wants to re-derive them, and needs ns-2.35's `ns`
# on the PATH (Debian/Ubuntu package `ns2`) plus Node.
#
#   scripts/ns2/regen-replay.sh                         # every run, and the table runs' drops
#   scripts/ns2/regen-replay.sh --only geo4-            # only runs whose name contains the string
#   scripts/ns2/regen-replay.sh --jobs 2                # ns processes at once for the table runs
#
# 8 replay runs (a few seconds each) and 30 table runs of 500 s (about 10 s each). ns-2 is
# deterministic, so the files come out byte for byte as committed.
set -e
if ! command -v ns >/dev/null 2>&1; then
  echo "regen-replay.sh: ns-2.35 ('ns') is not installed; the committed fixtures are used as they are." >&2
  exit 1
fi
cd "$(dirname "$0")/../.."
exec nice -n 10 node scripts/ns2/replay.mjs "$@"
