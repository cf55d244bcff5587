#!/usr/bin/env bash
# The fastest native build of the UCI engine: profile-guided optimisation (the compiler
# sees which branches and calls a training run of the engine takes) and, on x86-64, the
# x86-64-v2 instruction set (hardware popcount, any x86-64 CPU since about 2009). Same
# search, same `bench` node count as `cargo build --release -p gambit-engine`; 12-15 %
# more nodes a second on this project's machine (docs/figures.md).
# The README's level table is of the plain build. Prints the binary's path on its last
# line; everything else goes to stderr.
#   tools/native-build.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# llvm-profdata ships in rustup's llvm-tools component of the pinned toolchain.
sysroot=$(rustc --print sysroot)
host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$sysroot/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
    rustup component add llvm-tools >&2
fi

flags=""
if [ "$(uname -m)" = x86_64 ] && grep -qw popcnt /proc/cpuinfo && grep -qw sse4_2 /proc/cpuinfo; then
    flags="-C target-cpu=x86-64-v2"
fi

out="$PWD/target/native"
rm -rf "$out/profiles"
RUSTFLAGS="$flags -C profile-generate=$out/profiles" \
    cargo build --release -p gambit-engine --target-dir "$out/instrumented" >&2
# The training run: `bench`, then its positions (openings, middlegames, endgames, tactics,
# read from the source) searched through UCI's `go` for half a second each: the path a
# GUI or a match takes, which `bench` alone leaves out of the profile (a build trained on
# `bench` alone was 6-10 % slower in `go` searches than this one).
train() {
    local engine=$1
    "$engine" bench >&2
    coproc ENGINE { "$engine"; }
    echo uci >&"${ENGINE[1]}"
    local fen line pid=$ENGINE_PID
    while read -r fen; do
        printf 'ucinewgame\nposition fen %s\ngo movetime 500\n' "$fen" >&"${ENGINE[1]}"
        while read -r line <&"${ENGINE[0]}"; do
            [[ $line == bestmove* ]] && break
        done
    done < <(grep -o '"[^"]*/[^"]*"' crates/engine/src/bench.rs | tr -d '"')
    echo quit >&"${ENGINE[1]}"
    wait "$pid"
}
train "$out/instrumented/release/gambit-engine"
"$profdata" merge -o "$out/merged.profdata" "$out/profiles"
RUSTFLAGS="$flags -C profile-use=$out/merged.profdata" \
    cargo build --release -p gambit-engine --target-dir "$out/optimised" >&2
echo "$out/optimised/release/gambit-engine"
