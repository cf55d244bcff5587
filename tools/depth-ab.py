#!/usr/bin/env python3
"""Speed of two gambit-engine builds through UCI, as a game uses them.

Searches every position of an EPD file (default: Bratko-Kopec) to a fixed depth with
each build, alternating the builds position by position (and which goes first, round by
round), so both see the same machine load. Prints each build's nodes (equal nodes mean
the same search) and nodes per second over all its searches, and the ratio B/A.
`tools/bench-ab.sh` does the same with `bench` (a fresh engine per position); this runs
through `go depth` with one engine kept for all positions, as in a game.

    tools/.venv/bin/python tools/depth-ab.py <engine A> <engine B> [--depth 15] [--rounds 4]
"""

import argparse

import chess.engine

from gambit_tools import paths
from gambit_tools.epd import fen_boards
from gambit_tools.uci import open_engine


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--epd", default=str(paths.DATA / "bratko-kopec.epd"))
    ap.add_argument("--depth", type=int, default=15)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--hash", type=int, default=16, help="UCI Hash of both, MiB")
    args = ap.parse_args()
    # The positions only: their operations (bm, id ...) are not used.
    boards = fen_boards(args.epd)
    engines = {}
    for name, path in (("A", args.a), ("B", args.b)):
        engines[name] = open_engine(path, {"Hash": args.hash})
    totals = {name: [0, 0.0] for name in engines}
    try:
        for rnd in range(args.rounds):
            order = ("A", "B") if rnd % 2 == 0 else ("B", "A")
            for board in boards:
                for name in order:
                    info = engines[name].analyse(board, chess.engine.Limit(depth=args.depth), game=object())
                    totals[name][0] += info["nodes"]
                    totals[name][1] += info["time"]
    finally:
        for e in engines.values():
            e.quit()
    nps = {}
    for name, (nodes, seconds) in totals.items():
        nps[name] = nodes / seconds
        print(f"{name}: {nodes} nodes in {seconds:.2f} s, {nps[name]:.0f} nps")
    print(f"ratio B/A {nps['B'] / nps['A']:.3f}")


if __name__ == "__main__":
    main()
