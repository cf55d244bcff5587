#!/usr/bin/env python3
"""Paired comparison of two engines' matches played on the same schedule.

`match.py` plays game *g* of a match with opening ⌊g/2⌋ mod 40 and Gambit's colour
fixed by *g*, and writes *g* + 1 as the PGN's `Round`. Two candidates' matches against
the same opponent with the same schedule can therefore be compared game by game: each
pair shares opening and colour, which removes the openings' share of the variance.

    tools/.venv/bin/python tools/paired.py A.pgn [A-more.pgn ...] -- B.pgn [B-more.pgn ...]

The n-th file of A is paired with the n-th file of B (a match with its `-more` repeat).
Prints the number of pairs, each side's mean score and the mean difference with its
95 % interval (normal approximation over the pairs).
"""

import math
import sys

import chess
import chess.pgn

from gambit_tools.matches import RESULTS, gambit_colour


def gambit_scores(path):
    """{round: Gambit's score} of the match in `path`."""
    out = {}
    with open(path, encoding="utf-8") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            white = gambit_colour(game) == chess.WHITE
            score = RESULTS.get(game.headers["Result"], 0.5)
            out[int(game.headers["Round"])] = score if white else 1.0 - score
    return out


def collect(paths):
    """{(file index, round): score} over `paths`."""
    return {
        (i, rnd): s for i, path in enumerate(paths) for rnd, s in gambit_scores(path).items()
    }


def interval(diffs):
    """Mean of paired differences and its 95 % interval (normal approximation)."""
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1))
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def main():
    args = sys.argv[1:]
    if args in (['-h'], ['--help']):
        print(__doc__)
        return
    if "--" not in args:
        sys.exit(__doc__)
    cut = args.index("--")
    a, b = collect(args[:cut]), collect(args[cut + 1 :])
    keys = sorted(set(a) & set(b))
    if len(keys) < 2:
        sys.exit("fewer than two games in common")
    mean, low, high = interval([a[k] - b[k] for k in keys])
    mean_a = sum(a[k] for k in keys) / len(keys)
    mean_b = sum(b[k] for k in keys) / len(keys)
    print(
        f"{len(keys)} pairs: A {mean_a:.3f}, B {mean_b:.3f}, "
        f"A - B {mean:+.3f} [{low:+.3f}, {high:+.3f}]"
    )


if __name__ == "__main__":
    main()
