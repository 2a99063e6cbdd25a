#!/bin/sh
# Regenerate the ns-2 test fixtures in tests/fixtures/ns2/ — OPTIONAL.
#
# The project never needs ns-2: the fixtures are committed, and building, running and testing
# only read them. This script is for whoever wants to re-derive them, and needs ns-2.35's `ns`
# on the PATH (Debian/Ubuntu package `ns2`) plus Node (for the conversion).
#
#   scripts/ns2/regen.sh                    # rerun every case of scripts/ns2/cases.mjs
#   scripts/ns2/regen.sh --check <dir>      # ...and require the published cases to reproduce
#                                           #    the published reference traces in <dir> exactly
#   scripts/ns2/regen.sh --only gen-reno-   # only cases whose name contains the string
set -e
if ! command -v ns >/dev/null 2>&1; then
  echo "regen.sh: ns-2.35 ('ns') is not installed; the committed fixtures are used as they are." >&2
  exit 1
fi
cd "$(dirname "$0")/../.."
exec node scripts/ns2/regen.mjs "$@"
