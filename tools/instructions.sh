#!/usr/bin/env bash
# Instructions each gambit-engine build executes on `bench`, counted by valgrind's
# cachegrind: a speed comparison of builds that search the same tree (equal `bench` node
# counts) that does not depend on the machine's load, where timing two builds on a
# shared VM moves by several per cent from run to run. Instructions are not time (a
# cache miss costs no instruction), so confirm a change's gain with `bench-ab.sh` or
# `depth-ab.py`. About 30 s a build. Needs valgrind (Debian: apt-get install valgrind).
#   tools/instructions.sh <engine> [<engine> ...]
set -euo pipefail
command -v valgrind >/dev/null || { echo "needs valgrind: apt-get install valgrind" >&2; exit 2; }
report=$(mktemp)
trap 'rm -f "$report"' EXIT
for engine in "$@"; do
    # One run: `bench`'s last line (the node count) on stdout, cachegrind's summary on stderr.
    nodes=$(valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        "$engine" bench 2>"$report" | tail -n1 | awk '{print $1}')
    count=$(sed -n 's/.*I *refs: *//p' "$report" | tr -d ,)
    echo "$engine: $nodes nodes, $count instructions"
done
