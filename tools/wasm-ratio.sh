#!/usr/bin/env bash
# wasm/native speed ratio of gambit-engine's bench: runs the native `bench` and the same
# search compiled to wasm32 (tools/wasm-bench, in Node) alternately and at raised priority
# (nice -15, needs root) so both see the same machine load, and prints each pair's ratios
# and their medians. Each side runs the bench three times in one process: the first run
# ("cold") pays for fresh memory (and in wasm for V8 tiering up from its baseline
# compiler), the third ("warm") is the speed of a long-lived process such as the app's
# worker in the middle of a game.
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
cold=()
warm=()
for i in $(seq "$PAIRS"); do
    n=$(printf 'bench %s\nbench %s\nbench %s\nquit\n' "$DEPTH" "$DEPTH" "$DEPTH" |
        nice -n -15 "$native" | grep ' nps$' | awk '{print $3}')
    w=$(nice -n -15 node tools/wasm-bench/run.mjs "$wasm" "$DEPTH" 3 | awk '{print $3}')
    read -r n1 n3 < <(echo "$n" | awk 'NR == 1 { a = $1 } NR == 3 { b = $1 } END { print a, b }')
    read -r w1 w3 < <(echo "$w" | awk 'NR == 1 { a = $1 } NR == 3 { b = $1 } END { print a, b }')
    c=$(awk -v w="$w1" -v n="$n1" 'BEGIN { printf "%.3f", w / n }')
    h=$(awk -v w="$w3" -v n="$n3" 'BEGIN { printf "%.3f", w / n }')
    echo "pair $i: cold native $n1 wasm $w1 nps, ratio $c; warm native $n3 wasm $w3 nps, ratio $h"
    cold+=("$c")
    warm+=("$h")
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
echo "median ratio cold $(median "${cold[@]}"), warm $(median "${warm[@]}") of $PAIRS pairs"
