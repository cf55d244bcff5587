#!/usr/bin/env bash
# Level calibration matches for gambit-engine (see tools/RESULTS.md for the figures).
#
#   tools/calibrate.sh top      # level 8 vs Stockfish 15.1 UCI_Elo 2200, 2400, 2000
#   tools/calibrate.sh anchors  # levels 7..4 vs Stockfish at a nearby UCI_Elo
#   tools/calibrate.sh chain    # levels 3..1, each against the level above it
#
# Every game: 200 ms per move for both sides, 100 games (the 40 openings of tools/book.txt,
# each with both colours, the first ten twice), adjudicated as cutechess-cli would (win when both engines see
# >= 1000 cp for 6 plies; draw after ply 80 when both see |score| <= 10 cp for 16 plies).
# The three groups are independent and may run side by side (one core each).
set -euo pipefail
cd "$(dirname "$0")/.."
ENGINE=${ENGINE:-/work/target-engine/release/gambit-engine}
PY=${PY:-tools/.venv/bin/python}
GAMES=${GAMES:-100}
MS=${MS:-200}
mkdir -p tools/out

match() { # name, then match.py arguments
    local name=$1; shift
    "$PY" tools/match.py --a "$ENGINE" --a-ms "$MS" --a-opt "Move Overhead=5" \
        --b-ms "$MS" --games "$GAMES" --book tools/book.txt \
        --resign-cp 1000 --draw-cp 10 \
        --pgn "tools/out/$name.pgn" --summary "tools/out/$name.json" "$@" \
        >"tools/out/$name.log" 2>&1
}

case ${1:-} in
top)
    for elo in 2200 2400 2000; do match "l8-vs-sf$elo" --b-elo "$elo"; done ;;
anchors)
    match l7-vs-sf2000 --a-level 7 --b-elo 2000
    match l6-vs-sf1800 --a-level 6 --b-elo 1800
    match l5-vs-sf1500 --a-level 5 --b-elo 1500
    match l4-vs-sf1350 --a-level 4 --b-elo 1350 ;;
chain)
    match l3-vs-l4 --a-level 3 --b "$ENGINE" --b-level 4
    match l2-vs-l3 --a-level 2 --b "$ENGINE" --b-level 3
    match l1-vs-l2 --a-level 1 --b "$ENGINE" --b-level 2 ;;
*)
    echo "usage: $0 top|anchors|chain" >&2; exit 2 ;;
esac
