#!/usr/bin/env python3
"""How Gambit stood in the drawn games of a match: for each draw, full-strength Stockfish
scores the position two plies before the end (the repeating or final position itself is a
draw by rule) from Gambit's side, and the draws are counted by how they ended and by that
score. Tells whether the draws are escapes (Gambit worse) or chances let go (Gambit
better), e.g. before adding contempt.

Usage:  tools/.venv/bin/python tools/draw-standing.py tools/out/l8-vs-sf2200*.pgn
"""

import argparse
import collections

import chess
import chess.engine
import chess.pgn

from match import gambit_colour


def bucket(cp):
    """The label of the score range `cp` (centipawns) falls in."""
    if cp < -100:
        return "< -100"
    if cp < -30:
        return "-100..-31"
    if cp <= 30:
        return "-30..30"
    if cp <= 100:
        return "31..100"
    return "> 100"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--ms", type=int, default=100, help="Stockfish's time per position")
    args = ap.parse_args()
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    counts = collections.Counter()
    for path in args.pgn:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                if game.headers["Result"] != "1/2-1/2":
                    continue
                gambit = gambit_colour(game)
                node = game.end()
                for _ in range(2):
                    node = node.parent or node
                info = sf.analyse(node.board(), chess.engine.Limit(time=args.ms / 1000))
                cp = info["score"].pov(gambit).score(mate_score=10000)
                how = game.headers.get("Termination", "?").split(":")[0]
                counts[(how, bucket(cp))] += 1
    sf.quit()
    for (how, label), n in sorted(counts.items()):
        print(f"{how:40} Gambit {label:>10} cp: {n}")


if __name__ == "__main__":
    main()
