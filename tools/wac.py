#!/usr/bin/env python3
"""Solves an EPD test suite (WAC by default) with a UCI engine at a fixed time per move,
or at a fixed node count (`--nodes`: the same answers however busy the machine is).

A position counts as solved when the engine's move is one of the `bm` moves (and none
of the `am` moves). Prints each failure and the solved count.
"""

import argparse
import json
import time

import chess.engine

from gambit_tools import paths
from gambit_tools.epd import epd_positions
from gambit_tools.uci import open_engine


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default=str(paths.ENGINE))
    ap.add_argument("--epd", default=str(paths.DATA / "wac.epd"))
    ap.add_argument("--ms", type=int, default=1000, help="time per position in ms")
    ap.add_argument("--nodes", type=int, default=None,
                    help="nodes per position instead of a time (the same search on a busy machine)")
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--threads", type=int, default=1, help="UCI Threads (search threads)")
    ap.add_argument("--summary", default=None)
    args = ap.parse_args()
    eng = open_engine(args.engine)
    if "stockfish" not in args.engine:
        eng.configure({"Hash": args.hash})
    if args.threads > 1:
        eng.configure({"Threads": args.threads})
    limit = (chess.engine.Limit(nodes=args.nodes) if args.nodes
             else chess.engine.Limit(time=args.ms / 1000))
    solved, total, failed = 0, 0, []
    start = time.time()
    for board, ops in epd_positions(args.epd):
        result = eng.play(board, limit, game=object())
        ok = True
        if "bm" in ops:
            ok = result.move in ops["bm"]
        if "am" in ops:
            ok = ok and result.move not in ops["am"]
        total += 1
        solved += ok
        if not ok:
            failed.append(ops.get("id", board.epd()[:40]))
            print(f"FAIL {ops.get('id')}: played {board.san(result.move)}, "
                  f"expected {[board.san(m) for m in ops.get('bm', [])]}", flush=True)
    eng.quit()
    summary = {"solved": solved, "total": total,
               "ms": None if args.nodes else args.ms, "nodes": args.nodes,
               "threads": args.threads,
               "failed": failed,
               "seconds": round(time.time() - start)}
    print(json.dumps(summary))
    if args.summary:
        with open(args.summary, "w") as f:
            json.dump(summary, f, indent=1)


if __name__ == "__main__":
    main()
