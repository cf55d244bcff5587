#!/usr/bin/env bash
# Speed of two gambit-engine builds on `bench`: runs them alternately (A, B, A, B, ...)
# so both see the same machine load, and prints each one's node count (the behaviour
# checksum: equal counts mean the same search) and median nps, and the ratio B/A.
#   tools/bench-ab.sh <engine A> <engine B> [runs of each, default 8]
set -euo pipefail
a=$1
b=$2
runs=${3:-8}
for _ in $(seq "$runs"); do
    echo "A $("$a" bench | tail -n1)"
    echo "B $("$b" bench | tail -n1)"
done | python3 -c '
import statistics, sys
runs = {}
for line in sys.stdin:
    engine, nodes, _, nps, _ = line.split()
    runs.setdefault(engine, []).append((int(nodes), int(nps)))
median = {e: statistics.median(nps for _, nps in r) for e, r in runs.items()}
for e in sorted(runs):
    print(f"{e}: {runs[e][0][0]} nodes, median {median[e]:.0f} nps of {len(runs[e])} runs")
ratio = median["B"] / median["A"]
print(f"ratio B/A {ratio:.3f}")
'
