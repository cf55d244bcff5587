#!/bin/sh
# Runs every fuzz target (or those named) one after the other, single-process, for
# FUZZ_RUNS executions each (default 1,000,000), and prints each target's executions and
# crashes. Needs a nightly toolchain and cargo-fuzz (see README.md). A crash stops the
# script with libFuzzer's report; its input is kept in fuzz/artifacts/<target>/.
#   fuzz/run.sh                      # all targets
#   FUZZ_RUNS=100000 fuzz/run.sh fen # one target, fewer runs
set -eu
cd "$(dirname "$0")"
runs=${FUZZ_RUNS:-1000000}
targets=${*:-$(cargo +nightly fuzz list)}
for target in $targets; do
    mkdir -p "corpus/$target" "artifacts/$target"
    log="artifacts/$target/last-run.log"
    # Build apart from the run, so that a build failure is not taken for a crash.
    cargo +nightly fuzz build "$target"
    started=$(date +%s)
    if ! cargo +nightly fuzz run "$target" "corpus/$target" "seeds/$target" -- \
        -runs="$runs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        > "$log" 2>&1; then
        tail -n 40 "$log"
        echo "$target: CRASH (input in fuzz/artifacts/$target/, log $log)"
        exit 1
    fi
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "$target: $executions executions, 0 crashes, $(( $(date +%s) - started )) s"
done
