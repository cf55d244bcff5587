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
#   tools/calibrate.sh ladder1  # (and ladder2) the ladder below level 4: random_move, level 4
#                               # diluted by random moves, the bots (200 games a pairing,
#                               # about 45 min a lane)
#   tools/calibrate.sh levels   # levels 1-5 and 7 and the ladder built on level 4, two at
#                               # a time (about 95 min on two cores)
#   tools/calibrate.sh huddle-vs-random_move   # players: l<level>, l<level>r<percent>, bots
#
# ENGINE, GAMES, MS and OUT (default tools/out) change the engine, the games a match, the
# time a move and where the logs go; B_ENGINE (default ENGINE) is side b's engine, for
# screening a change against the players of an earlier build:
#   B_ENGINE=<earlier build> GAMES=100 MS=5000 OUT=tools/out/screen tools/calibrate.sh l1-vs-l4r30
# A quick screen of an engine change (about 30 min a
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
B_ENGINE=${B_ENGINE:-$ENGINE}
[ -x "$B_ENGINE" ] || { echo "no engine at $B_ENGINE" >&2; exit 2; }
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

BOTS="random_move alphabetical pacifist generous huddle swarm cccp min_oppt_moves worstfish same_color opposite_color"

side() { # sets ARGS to the match.py arguments that make side $1 (a or b) the player
    # $2: l<level>, l<level>r<percent> (the level diluted: that chance in percent of a
    # random move instead of its own), a bot's UCI name, or (side b only) sf<UCI_Elo>
    local s=$1 player=$2
    ARGS=()
    if [[ $player =~ ^l([1-8])$ ]]; then
        ARGS=(--"$s"-level "${BASH_REMATCH[1]}" --"$s"-name "L${BASH_REMATCH[1]}")
    elif [[ $player =~ ^l([1-8])r([0-9]{1,3})$ ]]; then
        ARGS=(--"$s"-level "${BASH_REMATCH[1]}" --"$s"-opt "Random Moves=${BASH_REMATCH[2]}"
            --"$s"-name "L${BASH_REMATCH[1]} diluted ${BASH_REMATCH[2]}%")
    elif [[ $s == b && $player =~ ^sf([0-9]{4})$ ]]; then
        ARGS=(--b-elo "${BASH_REMATCH[1]}")
    elif [[ " $BOTS " == *" $player "* ]]; then
        ARGS=(--"$s"-opt "Bot=$player" --"$s"-name "$player")
    else
        echo "unknown player: $player" >&2
        exit 2
    fi
}

one() { # one match by name: <a>-vs-<b> (players as `side` reads them: l4-vs-sf1350,
    # l1-vs-l2, random_move-vs-l4r90 …), optionally with a suffix (-more, -more2 ...) for
    # more games of the same pairing (level-table.py adds them up)
    local pairing=${1%%-more*}
    local a=${pairing%%-vs-*} b=${pairing#*-vs-}
    [[ $pairing == *-vs-* && -n $a && -n $b ]] || { echo "unknown match: $1" >&2; exit 2; }
    side a "$a"
    local a_args=("${ARGS[@]}")
    side b "$b"
    local b_args=("${ARGS[@]}")
    [[ $b == sf* ]] || b_args=(--b "$B_ENGINE" "${b_args[@]}")
    match "$1" "${a_args[@]}" "${b_args[@]}"
}

# The ladder below level 4 (tools/calibration/README.md): random_move, level 4 diluted
# by random moves in steps, level 4; each bot against random_move and a neighbour.
DILUTION="l4r90 l4r75 l4r60 l4r45 l4r30 l4r15 l4r8 l4r3"
ladder_matches() {
    local below=random_move
    for d in $DILUTION l4; do
        echo "$below-vs-$d"
        below=$d
    done
    # The first, coarser step at the top, played before l4r8 and l4r3 were added.
    echo "l4r15-vs-l4"
    for bot in $BOTS; do
        [[ $bot == random_move ]] && continue
        echo "$bot-vs-random_move"
        echo "$bot-vs-l4r90"
    done
}

# Levels 1-5 and 7 (for when those levels change and 6 and 8 do not): each against
# Stockfish's rungs (100 games a rung) or the chain and dilution ladder below level 4
# (200 games a pairing), and the ladder again since it is built on level 4. One line a
# match, `env` settings first, the longest first.
levels_matches() {
    for m in l7-vs-sf2000 l7-vs-sf2200 l5-vs-sf1500 l5-vs-sf1800 l4-vs-sf1350 l4-vs-sf1500; do
        echo "GAMES=100 MS=200 $SELF $m"
    done
    for m in $(ladder_matches | grep -v -- '-vs-random_move$') \
        l3-vs-l4 l2-vs-l3 l1-vs-l2 l3-vs-l4r8 l2-vs-l4r15 l1-vs-l4r30; do
        echo "GAMES=200 MS=5000 $SELF $m"
    done
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
    # The ladder below level 4, 200 games a pairing, split for two cores. Every player
    # on it stops at a node cap or does not search, so the time a move is set far above
    # what any move takes (5 s): the results do not depend on how busy the machine is.
    ladder1) for m in $(ladder_matches | awk 'NR % 2 == 1'); do GAMES=200 MS=5000 one "$m"; done ;;
    ladder2) for m in $(ladder_matches | awk 'NR % 2 == 0'); do GAMES=200 MS=5000 one "$m"; done ;;
    # Two matches at a time, one a core, until all of levels_matches are played:
    # about 95 min on a 2-core VM.
    levels) levels_matches | xargs -P 2 -L 1 env ;;
    *) one "$arg" ;;
    esac
done
