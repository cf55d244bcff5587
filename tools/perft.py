#!/usr/bin/env python3
"""Checks `go perft N` of a UCI engine against an EPD of perft counts (";D5 4865609").

Usage: python3 tools/perft.py [--engine PATH] [--epd data/perft.epd] [--depth 5]
(standard library only)
"""

import argparse
import sys
import time

from gambit_tools import paths
from gambit_tools.epd import perft_counts
from gambit_tools.uci import run_script


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default=str(paths.ENGINE))
    ap.add_argument("--epd", default=str(paths.DATA / "perft.epd"))
    ap.add_argument("--depth", type=int, default=5)
    args = ap.parse_args()
    bad = 0
    for fen, expected in perft_counts(args.epd):
        for depth in range(1, args.depth + 1):
            if depth not in expected:
                continue
            t0 = time.time()
            out = run_script(args.engine, [f"position fen {fen}", f"go perft {depth}"])
            got = next(int(l.split()[-1]) for l in out if l.startswith("Nodes searched:"))
            ok = got == expected[depth]
            bad += not ok
            print(f"{'ok ' if ok else 'BAD'} D{depth} {got:>12} expected {expected[depth]:>12} "
                  f"{time.time() - t0:6.2f}s  {fen}", flush=True)
    print("all match" if bad == 0 else f"{bad} mismatches")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
