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
# Cargo target directories of the two builds (absolute: the wasm one is built from
# tools/wasm-bench, its own workspace).
NATIVE_DIR=${NATIVE_DIR:-$PWD/target}
WASM_DIR=${WASM_DIR:-$PWD/target/wasm-bench}
CARGO_TARGET_DIR=$NATIVE_DIR cargo build --quiet --release -p gambit-engine
(cd tools/wasm-bench && CARGO_TARGET_DIR=$WASM_DIR cargo build --quiet --release --target wasm32-unknown-unknown)
native=$NATIVE_DIR/release/gambit-engine
wasm=$WASM_DIR/wasm32-unknown-unknown/release/gambit_wasm_bench.wasm
ratio() { awk -v w="$1" -v n="$2" 'BEGIN { printf "%.3f", w / n }'; }
cold=()
warm=()
for i in $(seq "$PAIRS"); do
    # nps of each run, one per line: [0] is the cold run, [2] the warm one
    mapfile -t n < <(printf 'bench %s\nbench %s\nbench %s\nquit\n' "$DEPTH" "$DEPTH" "$DEPTH" |
        nice -n -15 "$native" | grep ' nps$' | awk '{print $3}')
    mapfile -t w < <(nice -n -15 node tools/wasm-bench/run.mjs "$wasm" "$DEPTH" 3 | awk '{print $3}')
    c=$(ratio "${w[0]}" "${n[0]}")
    h=$(ratio "${w[2]}" "${n[2]}")
    echo "pair $i: cold native ${n[0]} wasm ${w[0]} nps, ratio $c; warm native ${n[2]} wasm ${w[2]} nps, ratio $h"
    cold+=("$c")
    warm+=("$h")
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
echo "median ratio cold $(median "${cold[@]}"), warm $(median "${warm[@]}") of $PAIRS pairs"
