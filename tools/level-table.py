#!/usr/bin/env python3
"""The README's level table from the calibration matches (tools/calibrate.sh).

Reads the match summaries in tools/out/ and prints a Markdown table: each level's
opponent(s), games, score and Elo with a 95% interval.

* Level 8 played Stockfish 15.1 at three UCI_Elo rungs (a rung's `-more` match, where
  played, adds its games); its rating is the one that best explains all three results
  (maximum likelihood, logistic Elo model).
* Levels 7..4 each played Stockfish at one UCI_Elo: rung + the match's Elo difference.
* Levels 3..1 each played the level above: that level's rating + the difference; the
  uncertainties add up along the chain (in quadrature).

Usage: tools/.venv/bin/python tools/level-table.py [--out tools/out]
"""
import argparse
import json
import math
import os

RUNGS = [2000, 2200, 2400]
ANCHORS = {7: 2000, 6: 1800, 5: 1500, 4: 1350}
CHAIN = [3, 2, 1]


def expected(diff):
    return 1 / (1 + 10 ** (-diff / 400))


def summary_path(out, name):
    return os.path.join(out, f"{name}.json")


def load(out, name):
    with open(summary_path(out, name)) as f:
        return json.load(f)


def points(m):
    return m["wins"] + 0.5 * m["draws"]


def half_width(m):
    """Half the 95% interval of a match's Elo difference."""
    return (m["elo_high"] - m["elo_low"]) / 2


def rung_games(out, rung):
    """Level 8's games against one rung: `l8-vs-sf<rung>` plus, where played, the extra
    games of `l8-vs-sf<rung>-more` (calibrate.sh); None if neither was played."""
    names = [n for n in (f"l8-vs-sf{rung}", f"l8-vs-sf{rung}-more")
             if os.path.exists(summary_path(out, n))]
    if not names:
        return None
    parts = [load(out, n) for n in names]
    return {k: sum(p[k] for p in parts) for k in ("games", "wins", "draws", "losses")}


def level8(out):
    """Level 8's rating from the rungs it has played so far (a missing match is skipped)."""
    matches = [(r, m) for r in RUNGS if (m := rung_games(out, r)) is not None]
    if not matches:
        raise SystemExit(f"no level-8 match summary (l8-vs-sf<rung>.json) in {out}")
    games = sum(m["games"] for _, m in matches)
    score = sum(points(m) for _, m in matches)
    # Solve sum(points) = sum(games * E(R - rung)) by bisection.
    low, high = 0.0, 4000.0
    for _ in range(100):
        mid = (low + high) / 2
        if sum(m["games"] * expected(mid - r) for r, m in matches) < score:
            low = mid
        else:
            high = mid
    rating = (low + high) / 2
    # Fisher information of the logistic model gives the standard error.
    c = math.log(10) / 400
    info = sum(m["games"] * c * c * expected(rating - r) * (1 - expected(rating - r))
               for r, m in matches)
    detail = ", ".join(f"{points(m):g}/{m['games']} vs {r}" for r, m in matches)
    return rating, 1.96 / math.sqrt(info), games, detail, [r for r, _ in matches]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="tools/out")
    args = ap.parse_args()
    rows = {}
    rating, err, games, detail, rungs = level8(args.out)
    rows[8] = (f"Stockfish UCI_Elo {'/'.join(map(str, rungs))}", games, detail, rating, err)
    for level, rung in ANCHORS.items():
        m = load(args.out, f"l{level}-vs-sf{rung}")
        rows[level] = (f"Stockfish UCI_Elo {rung}", m["games"], f"{points(m):g}/{m['games']}",
                       rung + m["elo"], half_width(m))
    for level in CHAIN:
        m = load(args.out, f"l{level}-vs-l{level + 1}")
        above, above_err = rows[level + 1][3], rows[level + 1][4]
        rows[level] = (f"level {level + 1}", m["games"], f"{points(m):g}/{m['games']}",
                       above + m["elo"], math.hypot(above_err, half_width(m)))
    print("| level | opponent | games | score | Elo (95%) |")
    print("|---|---|---|---|---|")
    for level in range(1, 9):
        opponent, games, score, rating, err = rows[level]
        print(f"| {level} | {opponent} | {games} | {score} | {rating:.0f} ± {err:.0f} |")
    print()
    print("LEVEL_ELO = [" + ", ".join(f"{rows[l][3]:.0f}" for l in range(1, 9)) + "]")


if __name__ == "__main__":
    main()
