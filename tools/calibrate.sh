#!/usr/bin/env bash
# Level calibration matches for gambit-engine (the figures: docs/figures.md).
#
#   tools/calibrate.sh top      # level 8 vs Stockfish 15.1 UCI_Elo 2200 (200 games), 2400, 2000
#   tools/calibrate.sh anchors  # levels 7..4, each vs Stockfish at two nearby UCI_Elo rungs
#   tools/calibrate.sh chain    # levels 3..1, each against the level above it (200 games)
#   tools/calibrate.sh lane1    # (and lane2) all of it, split for two cores: ~2.5 h each
#   tools/calibrate.sh below1   # (and below2) levels 7..1 only, split for two cores: ~75 min each
#   tools/calibrate.sh l8-vs-sf2200 ...   # single matches by name: l<level>-vs-sf<UCI_Elo>, l<a>-vs-l<b>
#   tools/calibrate.sh l8-vs-sf2200-more  # 100 more games of a pairing (level-table.py adds them up)
#
# ENGINE, GAMES, MS and OUT (default tools/out) change the engine, the games a match, the
# time a move and where the logs go. A quick screen of an engine change (about 30 min a
# core; run both builds side by side, then tools/paired.py on the two PGNs):
#   MS=40 GAMES=400 OUT=tools/out/screen-new ENGINE=<build> tools/calibrate.sh l8-vs-sf2000
#
# Every game: 200 ms per move for both sides, 100 games (the 40 openings of tools/book.txt,
# each with both colours, the first ten twice), adjudicated as cutechess-cli would (win when both engines see
# >= 1000 cp for 6 plies; draw after ply 80 when both see |score| <= 10 cp for 16 plies).
# Groups and matches are independent and may run side by side (one core each).
set -euo pipefail
SELF="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$SELF")/.."
# The engine measured: `cargo build --release -p gambit-engine`'s unless told otherwise.
ENGINE=${ENGINE:-target/release/gambit-engine}
[ -x "$ENGINE" ] || { echo "no engine at $ENGINE: cargo build --release -p gambit-engine" >&2; exit 2; }
PY=${PY:-tools/.venv/bin/python}
GAMES=${GAMES:-100}
MS=${MS:-200}
OUT=${OUT:-tools/out}
mkdir -p "$OUT"

match() { # name, then match.py arguments
    local name=$1; shift
    "$PY" tools/match.py --a "$ENGINE" --a-ms "$MS" --a-opt "Move Overhead=5" \
        --b-ms "$MS" --games "$GAMES" --book tools/book.txt \
        --resign-cp 1000 --draw-cp 10 \
        --pgn "$OUT/$name.pgn" --summary "$OUT/$name.json" "$@" \
        >"$OUT/$name.log" 2>&1
}

one() { # one match by name: l<level>-vs-sf<UCI_Elo> or l<level>-vs-l<level>, optionally
    # with a suffix (-more, -more2 ...) for more games of the same pairing (level-table.py
    # adds them up)
    local pairing=${1%%-more*}
    if [[ $pairing =~ ^l([1-8])-vs-sf([0-9]{4})$ ]]; then
        match "$1" --a-level "${BASH_REMATCH[1]}" --b-elo "${BASH_REMATCH[2]}"
    elif [[ $pairing =~ ^l([1-8])-vs-l([1-8])$ ]]; then
        match "$1" --a-level "${BASH_REMATCH[1]}" --b "$ENGINE" --b-level "${BASH_REMATCH[2]}"
    else
        echo "unknown match: $1" >&2
        exit 2
    fi
}

[ $# -gt 0 ] || { echo "usage: $0 top|anchors|chain|lane1|lane2|below1|below2|<match>..." >&2; exit 2; }
for arg in "$@"; do
    case $arg in
    top) for m in l8-vs-sf2200 l8-vs-sf2200-more l8-vs-sf2400 l8-vs-sf2000; do one "$m"; done ;;
    anchors) for m in l7-vs-sf2000 l7-vs-sf2200 l6-vs-sf1800 l6-vs-sf2000 \
        l5-vs-sf1500 l5-vs-sf1800 l4-vs-sf1350 l4-vs-sf1500; do one "$m"; done ;;
    chain) for m in l3-vs-l4 l3-vs-l4-more l2-vs-l3 l2-vs-l3-more l1-vs-l2 l1-vs-l2-more; do
        one "$m"
    done ;;
    # The whole calibration split in two lanes of about 2.5 hours each. The matches
    # whose result depends on the machine's speed (levels 8 and 6 search by time)
    # come first; the rest have node caps or play a Stockfish set to a shallow depth.
    lane1) "$SELF" l8-vs-sf2200 l8-vs-sf2200-more l8-vs-sf2400 below1 ;;
    lane2) "$SELF" l8-vs-sf2000 below2 ;;
    # Levels 7..1 alone (about 75 minutes a lane on a 2-core VM), for when level 8 has been measured
    # and the levels below change.
    below1) "$SELF" l6-vs-sf1800 l6-vs-sf2000 l4-vs-sf1350 l4-vs-sf1500 chain ;;
    below2) "$SELF" l7-vs-sf2000 l7-vs-sf2200 l5-vs-sf1500 l5-vs-sf1800 ;;
    *) one "$arg" ;;
    esac
done
