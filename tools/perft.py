#!/usr/bin/env python3
"""Checks `go perft N` of a UCI engine against an EPD of perft counts (";D5 4865609").

Usage: tools/perft.py [--engine PATH] [--epd data/perft.epd] [--depth 5]
"""

import argparse
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/gambit-engine")
    ap.add_argument("--epd", default="data/perft.epd")
    ap.add_argument("--depth", type=int, default=5)
    args = ap.parse_args()
    bad = 0
    for line in open(args.epd):
        if not line.strip():
            continue
        fen, *counts = [f.strip() for f in line.split(";")]
        expected = dict((int(c.split()[0][1:]), int(c.split()[1])) for c in counts if c)
        for depth in range(1, args.depth + 1):
            if depth not in expected:
                continue
            t0 = time.time()
            out = subprocess.run([args.engine], input=f"position fen {fen}\ngo perft {depth}\nquit\n",
                                 capture_output=True, text=True, timeout=600).stdout
            got = next(int(l.split()[-1]) for l in out.splitlines() if l.startswith("Nodes searched:"))
            ok = got == expected[depth]
            bad += not ok
            print(f"{'ok ' if ok else 'BAD'} D{depth} {got:>12} expected {expected[depth]:>12} "
                  f"{time.time() - t0:6.2f}s  {fen}", flush=True)
    print("all match" if bad == 0 else f"{bad} mismatches")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
