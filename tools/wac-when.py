#!/usr/bin/env python3
"""When does the engine find an EPD position's key move? For each chosen position, the
time and depth at which the principal variation's first move last became one of the
`bm` moves (and stayed until the time limit), or "not by" the limit.
"""

import argparse

import chess.engine

from wac import epd_positions


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/gambit-engine")
    ap.add_argument("--epd", default="data/wac.epd")
    ap.add_argument("--ms", type=int, default=15000, help="time per position in ms")
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--ids", required=True, help="comma-separated ids, e.g. 002,055 (WAC.)")
    args = ap.parse_args()
    wanted = set(args.ids.split(","))
    eng = chess.engine.SimpleEngine.popen_uci(args.engine.split())
    eng.configure({"Hash": args.hash})
    for board, ops in epd_positions(args.epd):
        ident = str(ops.get("id", "")).split(".")[-1]
        if ident not in wanted:
            continue
        found = None
        limit = chess.engine.Limit(time=args.ms / 1000)
        with eng.analysis(board, limit, game=object()) as analysis:
            for info in analysis:
                pv = info.get("pv")
                if not pv:
                    continue
                if pv[0] in ops.get("bm", []):
                    if found is None:
                        found = (info.get("time"), info.get("depth"), info.get("score"))
                else:
                    found = None
        if found:
            print(f"{ident} found at {found[0]} s, depth {found[1]}, score {found[2]}",
                  flush=True)
        else:
            print(f"{ident} not by {args.ms} ms", flush=True)
    eng.quit()


if __name__ == "__main__":
    main()
