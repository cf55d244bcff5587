#!/usr/bin/env bash
# wasm/native speed ratio of gambit-engine's bench: runs the native `bench` and the same
# search compiled to wasm32 (tools/wasm-bench, in Node) alternately and at raised priority
# (nice -15, needs root) so both see the same machine load, and prints each pair's ratio
# and the median.
#   tools/wasm-ratio.sh [pairs] [depth]
set -euo pipefail
cd "$(dirname "$0")/.."
PAIRS=${1:-7}
DEPTH=${2:-11}
NATIVE_DIR=${NATIVE_DIR:-/work/target-engine}
WASM_DIR=${WASM_DIR:-/work/target-engine-wasm}
CARGO_TARGET_DIR=$NATIVE_DIR cargo build --quiet --release -p gambit-engine
(cd tools/wasm-bench && CARGO_TARGET_DIR=$WASM_DIR cargo build --quiet --release --target wasm32-unknown-unknown)
native=$NATIVE_DIR/release/gambit-engine
wasm=$WASM_DIR/wasm32-unknown-unknown/release/gambit_wasm_bench.wasm
ratios=()
for i in $(seq "$PAIRS"); do
    n=$(nice -n -15 "$native" bench "$DEPTH" | tail -n1 | awk '{print $3}')
    w=$(nice -n -15 node tools/wasm-bench/run.mjs "$wasm" "$DEPTH" | awk '{print $3}')
    r=$(awk -v w="$w" -v n="$n" 'BEGIN { printf "%.3f", w / n }')
    echo "pair $i: native $n nps, wasm $w nps, ratio $r"
    ratios+=("$r")
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '{ a[NR] = $1 } END { print "median ratio " a[int((NR + 1) / 2)] " of " NR " pairs" }'
