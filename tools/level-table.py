#!/usr/bin/env python3
"""The README's level table from the calibration matches (tools/calibrate.sh).

Reads match summaries and prints a Markdown table: each level's opponent(s), games,
score and Elo with a 95% interval. By default it reads tools/calibration/, the committed
summaries behind the README's table and `LEVEL_ELO`; `--out tools/out` (or a
sub-directory) tables a new calibration before its summaries are copied there.

* Levels 4..8 played Stockfish 15.1 at one or more UCI_Elo rungs (`l<level>-vs-sf<rung>`;
  a pairing's `-more` matches, where played, add their games); a level's rating is the
  one that best explains all its results (maximum likelihood, logistic Elo model).
* Levels 3..1 each played the level above (`l<level>-vs-l<level+1>`, plus `-more`):
  that level's rating + the difference of the pooled score; the uncertainties add up
  along the chain (in quadrature).

A level whose matches are not in the directory (say, levels 6..8 when only levels 1..5
were measured again) is left out of the table, and `LEVEL_ELO` shows `?` in its place.

`--check` prints, instead of the table, what disagrees with it and fails (exit 1)
unless README.md's level rows are exactly the rows of the table and `LEVEL_ELO` in
src/opponent/levels.rs holds its labels, so that CI catches a summary left out of a
commit or a label not updated. It needs only the standard library.

Usage: tools/.venv/bin/python tools/level-table.py [--out tools/calibration] [--check]
"""
import argparse
import glob
import json
import math
import os
import re

from gambit_tools import paths
from gambit_tools.elo import elo_from_score, expected

ANCHORED = [8, 7, 6, 5, 4]
CHAIN = [3, 2, 1]
HEADER = ["| level | opponent | games | score | Elo (95%) |", "|---|---|---|---|---|"]


def load(path):
    with open(path) as f:
        return json.load(f)


def points(m):
    return m["wins"] + 0.5 * m["draws"]


def pooled(paths):
    """The games of several match summaries added up."""
    parts = [load(p) for p in paths]
    return {k: sum(p[k] for p in parts) for k in ("games", "wins", "draws", "losses")}


def pairing_paths(out, pairing):
    """Summaries of one pairing: `<pairing>.json` and its `<pairing>-more*.json`."""
    paths = [os.path.join(out, f"{pairing}.json")]
    paths += sorted(glob.glob(os.path.join(out, f"{pairing}-more*.json")))
    return [p for p in paths if os.path.exists(p)]


def rungs_played(out, level):
    """{rung: pooled games} of `level` against Stockfish (each pairing with its `-more`s)."""
    by_rung = {}
    for path in glob.glob(os.path.join(out, f"l{level}-vs-sf*.json")):
        found = re.fullmatch(rf"l{level}-vs-sf(\d+)(-more\d*)?\.json", os.path.basename(path))
        if found:
            by_rung.setdefault(int(found.group(1)), []).append(path)
    return {r: pooled(paths) for r, paths in sorted(by_rung.items())}


def anchored(out, level):
    """A level's rating from its games against Stockfish's rungs."""
    matches = list(rungs_played(out, level).items())
    if not matches:
        return None
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
    opponent = f"Stockfish UCI_Elo {'/'.join(str(r) for r, _ in matches)}"
    return opponent, games, detail, rating, 1.96 / math.sqrt(info)


def table(out):
    """The level table's Markdown rows (below `HEADER`) and the `LEVEL_ELO` labels of the
    summaries in `out`."""
    rows = {level: row for level in ANCHORED if (row := anchored(out, level))}
    for level in CHAIN:
        paths = pairing_paths(out, f"l{level}-vs-l{level + 1}")
        if not paths or level + 1 not in rows:
            continue
        m = pooled(paths)
        e = elo_from_score(m["wins"], m["draws"], m["losses"])
        above, above_err = rows[level + 1][3], rows[level + 1][4]
        rows[level] = (f"level {level + 1}", m["games"], f"{points(m):g}/{m['games']}",
                       above + e["elo"], math.hypot(above_err, (e["elo_high"] - e["elo_low"]) / 2))
    if not rows:
        raise SystemExit(f"no calibration match in {out}")
    lines = []
    for level in sorted(rows):
        opponent, games, score, rating, err = rows[level]
        lines.append(f"| {level} | {opponent} | {games} | {score} | {rating:.0f} ± {err:.0f} |")
    labels = [f"{rows[level][3]:.0f}" if level in rows else "?" for level in range(1, 9)]
    return lines, labels


def shown(path):
    """`path` as the repository names it (from its root), for messages."""
    return os.path.relpath(os.path.abspath(path), paths.REPO)


def check(lines, labels, readme=paths.REPO / "README.md",
          levels_rs=paths.REPO / "src" / "opponent" / "levels.rs"):
    """The problems that keep the README and `LEVEL_ELO` from matching the summaries."""
    problems = []
    with open(readme) as f:
        readme_rows = {line.rstrip() for line in f if re.match(r"\| [1-8] \| ", line)}
    problems += [f"{shown(readme)} lacks the row: {row}" for row in lines if row not in readme_rows]
    problems += [f"{shown(readme)} has a row the summaries do not give: {row}"
                 for row in sorted(readme_rows - set(lines))]
    with open(levels_rs) as f:
        found = re.search(r"LEVEL_ELO: \[u16; 8\] = \[([^\]]*)\]", f.read())
    written = [label.strip() for label in found.group(1).split(",")] if found else None
    if written != labels:
        problems.append(f"{shown(levels_rs)} has LEVEL_ELO = {written}, the summaries give {labels}")
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(paths.CALIBRATION))
    ap.add_argument("--check", action="store_true",
                    help="fail unless README.md and levels.rs agree with the summaries")
    args = ap.parse_args()
    lines, labels = table(args.out)
    if args.check:
        problems = check(lines, labels)
        for problem in problems:
            print(problem)
        if problems:
            raise SystemExit(1)
        print(f"README.md's level table and LEVEL_ELO = [{', '.join(labels)}] "
              f"agree with {shown(args.out)}")
        return
    print("\n".join(HEADER + lines))
    print()
    print("LEVEL_ELO = [" + ", ".join(labels) + "]")


if __name__ == "__main__":
    main()
