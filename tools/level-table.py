#!/usr/bin/env python3
"""The README's ladder table from the calibration matches (tools/calibrate.sh).

Reads match summaries named `<a>-vs-<b>.json` (a pairing's `-more`, `-more2` … matches
add their games) and fits every player's rating jointly, by maximum likelihood under the
logistic Elo model, with Stockfish 15.1's `UCI_Elo` rungs (`sf<rung>`) as the fixed
anchors. The players:

* `l<N>`: Gambit's level N (levels 4–8 played Stockfish's rungs, levels 1–3 the level
  above them);
* `l<N>r<P>`: level N diluted as Elo World dilutes Stockfish: a uniformly random legal
  move with probability P %, its own move otherwise (the UCI option `Random Moves`);
  the rungs of the ladder from random_move up to level 4;
* a bot's UCI name (`random_move`, `worstfish` …).

Each pairing also counts one virtual draw (as BayesElo's prior does), so that a pairing
one side won every game of still has a finite maximum; with 200 games a pairing it moves
a rating by a few points at most. Every rating gets its 95 % interval from the Fisher
information of the whole fit (the anchors known exactly) and its number of games.

By default it reads tools/calibration/, the committed summaries behind the README's
table, `LEVEL_ELO` and `BOT_ELO`; `--out tools/out` (or a sub-directory) tables a new
calibration before its summaries are copied there.

`--check` prints, instead of the table, what disagrees with it and fails (exit 1) unless
README.md's ladder table (between its `<!-- ladder -->` and `<!-- /ladder -->` lines) is
exactly this table and `LEVEL_ELO` and `BOT_ELO` in src/opponent/levels.rs hold its
ratings, so that CI catches a summary left out of a commit or a label not updated. It
needs only the standard library.

Usage: tools/.venv/bin/python tools/level-table.py [--out tools/calibration] [--check]
"""
import argparse
import glob
import json
import math
import os
import re

from gambit_tools import paths
from gambit_tools.elo import expected

HEADER = ["| player | opponents | games | score | Elo (95%) |", "|---|---|---|---|---|"]
BEGIN, END = "<!-- ladder -->", "<!-- /ladder -->"
MATCH_NAME = re.compile(r"(?P<a>[a-z0-9_]+)-vs-(?P<b>[a-z0-9_]+)(-more\d*)?\.json")
#: The logistic model's slope: d E / d rating = C * E * (1 - E).
C = math.log(10) / 400


def load(path):
    with open(path) as f:
        return json.load(f)


def points(m):
    return m["wins"] + 0.5 * m["draws"]


def anchor(player):
    """The fixed rating of a Stockfish rung, None for the players the fit rates."""
    found = re.fullmatch(r"sf(\d{4})", player)
    return int(found.group(1)) if found else None


def level_of(player):
    found = re.fullmatch(r"l([1-8])", player)
    return int(found.group(1)) if found else None


def describe(player):
    """A player as the table names it."""
    if (rung := anchor(player)) is not None:
        return f"Stockfish {rung}"
    if (level := level_of(player)) is not None:
        return f"level {level}"
    found = re.fullmatch(r"l([1-8])r(\d+)", player)
    if found:
        return f"level {found.group(1)} + {found.group(2)}% random"
    return f"`{player}`"


def pairings(out):
    """{(a, b): pooled games} of every pairing in `out` (a's wins, draws, losses)."""
    pooled = {}
    for path in sorted(glob.glob(os.path.join(out, "*.json"))):
        found = MATCH_NAME.fullmatch(os.path.basename(path))
        if not found:
            continue
        m = load(path)
        key = (found.group("a"), found.group("b"))
        total = pooled.setdefault(key, {"games": 0, "wins": 0, "draws": 0, "losses": 0})
        for k in total:
            total[k] += m[k]
    return pooled


def solve(matrix, vector):
    """`matrix`⁻¹ `vector` by Gaussian elimination with partial pivoting."""
    n = len(vector)
    rows = [list(matrix[i]) + [vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if abs(rows[col][col]) < 1e-12:
            raise SystemExit("the ladder is not connected to Stockfish's rungs")
        for r in range(n):
            if r != col:
                f = rows[r][col] / rows[col][col]
                rows[r] = [x - f * y for x, y in zip(rows[r], rows[col])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def fit(games):
    """{player: (rating, 95 % half-interval)} for every rated player of `games`."""
    players = sorted({p for pair in games for p in pair if anchor(p) is None})
    index = {p: i for i, p in enumerate(players)}
    ratings = [1500.0] * len(players)

    def rating(p):
        return anchor(p) if anchor(p) is not None else ratings[index[p]]

    def information():
        """The Fisher information matrix and the gradient of the log-likelihood."""
        info = [[0.0] * len(players) for _ in players]
        grad = [0.0] * len(players)
        for (a, b), m in games.items():
            n, s = m["games"] + 1, points(m) + 0.5  # one virtual draw
            e = expected(rating(a) - rating(b))
            w = C * C * n * e * (1 - e)
            for p, sign in ((a, 1), (b, -1)):
                if p in index:
                    grad[index[p]] += sign * C * (s - n * e)
                    info[index[p]][index[p]] += w
            if a in index and b in index:
                info[index[a]][index[b]] -= w
                info[index[b]][index[a]] -= w
        return info, grad

    for _ in range(200):
        info, grad = information()
        step = solve(info, grad)
        # Newton's steps, no longer than 400 points (far from the maximum the
        # logistic curve is flat).
        longest = max(abs(x) for x in step)
        scale = min(1.0, 400 / longest) if longest else 1.0
        ratings = [r + scale * x for r, x in zip(ratings, step)]
        if longest < 1e-6:
            break
    info, _ = information()
    errors = {}
    for p, i in index.items():
        unit = [1.0 if j == i else 0.0 for j in range(len(players))]
        errors[p] = 1.96 * math.sqrt(solve(info, unit)[i])
    return {p: (ratings[index[p]], errors[p]) for p in players}


def table(out):
    """The ladder table's Markdown rows (below `HEADER`), the `LEVEL_ELO` labels and the
    `BOT_ELO` {name: rating} of the summaries in `out`."""
    games = pairings(out)
    if not games:
        raise SystemExit(f"no calibration match in {out}")
    rated = fit(games)
    lines = []
    for player, (rating, err) in sorted(rated.items(), key=lambda item: item[1][0]):
        mine = [(b if p == player else p, m if p == player else flip(m))
                for (p, b), m in games.items() if player in (p, b)]
        total = sum(m["games"] for _, m in mine)
        opponents = ", ".join(describe(o) for o, _ in mine)
        score = ", ".join(f"{points(m):g}/{m['games']}" for _, m in mine)
        lines.append(f"| {describe(player)} | {opponents} | {total} | {score} | "
                     f"{rating:.0f} ± {err:.0f} |")
    labels = [f"{rated[f'l{level}'][0]:.0f}" if f"l{level}" in rated else "?"
              for level in range(1, 9)]
    bots = {p: round(r) for p, (r, _) in rated.items() if re.fullmatch(r"[a-z_]+", p)}
    return lines, labels, bots


def flip(m):
    """A match summary from the other side."""
    return {**m, "wins": m["losses"], "losses": m["wins"]}


def shown(path):
    """`path` as the repository names it (from its root), for messages."""
    return os.path.relpath(os.path.abspath(path), paths.REPO)


def check(lines, labels, bots, readme=paths.REPO / "README.md",
          levels_rs=paths.REPO / "src" / "opponent" / "levels.rs"):
    """The problems that keep the README, `LEVEL_ELO` and `BOT_ELO` from matching the
    summaries."""
    problems = []
    with open(readme) as f:
        text = f.read()
    block = re.search(re.escape(BEGIN) + r"\n(.*?)\n" + re.escape(END), text, re.S)
    written_rows = block.group(1).splitlines() if block else []
    wanted_rows = HEADER + lines
    if written_rows != wanted_rows:
        problems += [f"{shown(readme)} lacks the row: {row}" for row in wanted_rows
                     if row not in written_rows]
        problems += [f"{shown(readme)} has a row the summaries do not give: {row}"
                     for row in written_rows if row not in wanted_rows]
        if not problems:
            problems.append(f"{shown(readme)}'s ladder rows are out of order")
    with open(levels_rs) as f:
        source = f.read()
    found = re.search(r"LEVEL_ELO: \[u16; 8\] = \[([^\]]*)\]", source)
    written = [label.strip() for label in found.group(1).split(",")] if found else None
    if written != labels:
        problems.append(f"{shown(levels_rs)} has LEVEL_ELO = {written}, the summaries give {labels}")
    found = re.search(r"BOT_ELO: \[\(&str, i16\); \d+\] = \[(.*?)\];", source, re.S)
    written = ({name: int(elo) for name, elo in
                re.findall(r'\("([a-z_]+)", (-?\d+)\)', found.group(1))} if found else None)
    if written != bots:
        problems.append(f"{shown(levels_rs)} has BOT_ELO = {written}, the summaries give {bots}")
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(paths.CALIBRATION))
    ap.add_argument("--check", action="store_true",
                    help="fail unless README.md and levels.rs agree with the summaries")
    args = ap.parse_args()
    lines, labels, bots = table(args.out)
    if args.check:
        problems = check(lines, labels, bots)
        for problem in problems:
            print(problem)
        if problems:
            raise SystemExit(1)
        print(f"README.md's ladder, LEVEL_ELO = [{', '.join(labels)}] and BOT_ELO "
              f"agree with {shown(args.out)}")
        return
    print(BEGIN)
    print("\n".join(HEADER + lines))
    print(END)
    print()
    print("LEVEL_ELO = [" + ", ".join(labels) + "]")
    # Weakest first: the order the computer dialog shows the bots in.
    ranked = sorted(bots.items(), key=lambda item: item[1])
    print("BOT_ELO = [" + ", ".join(f'("{b}", {r})' for b, r in ranked) + "]")


if __name__ == "__main__":
    main()
