#!/usr/bin/env python3
"""Move quality of engine builds: a screen of search changes that needs no games.

Positions where Gambit was to move are sampled from match PGNs (after the book, a fixed
seed, so every run sees the same ones). Each build searches each position for `--ms`
milliseconds from a fresh game (`ucinewgame`), the builds taking turns position by
position so they share the machine's load. Full-strength Stockfish, a fixed node count
per search, scores the position's best move and each move a build chose (searched as
the root's only move, `searchmoves`); a move's loss is the expected score it gives up
against Stockfish's best, `1 / (1 + 10^(-cp/400))` of each score (mates as ±10 000 cp),
and 0 for Stockfish's own choice. Stockfish's scores are kept in a cache file, so later
runs on the same positions pay only for moves not scored before.

Prints each build's mean loss and count of mistakes (a loss above 0.1), and each build's
mean difference in loss from the first, paired by position, with its 95 % interval
(normal approximation). A lower loss is better.

    tools/.venv/bin/python tools/move-quality.py --pgn tools/out/l8-vs-sf2200*.pgn \\
        --engine target/release/gambit-engine --engine /path/to/candidate --ms 40

The same build twice (`--engine X --engine X`) shows the noise of the engines' timing
alone; `--ms-of` gives a build its own time, to see what a known gain (twice the time)
looks like.
"""

import argparse
import json
import os
import random

import chess
import chess.engine
import chess.pgn

from blunders import expected
from match import gambit_colour
from paired import interval


def sample_positions(paths, count, seed, after_ply):
    """`count` positions (FENs) where Gambit was to move, from ply `after_ply` on,
    drawn with `seed` from all of the games in `paths`."""
    fens = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                gambit = gambit_colour(game)
                board = game.board()
                for ply, move in enumerate(game.mainline_moves()):
                    if ply >= after_ply and board.turn == gambit and not board.is_game_over():
                        fens.append(board.fen())
                    board.push(move)
    fens = sorted(set(fens))
    random.Random(seed).shuffle(fens)
    return fens[:count]


class Reference:
    """Stockfish's scores of moves (from the mover's side), cached by FEN and move."""

    def __init__(self, path, stockfish, nodes):
        self.path = path
        self.nodes = nodes
        self.cache = {}
        if path and os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                self.cache = json.load(f)
        self.sf = chess.engine.SimpleEngine.popen_uci(stockfish)

    def _analyse(self, board, moves):
        limit = chess.engine.Limit(nodes=self.nodes)
        info = self.sf.analyse(board, limit, root_moves=moves, game=object())
        cp = info["score"].pov(board.turn).score(mate_score=10000)
        pv = info.get("pv") or moves or [None]
        return cp, pv[0].uci() if pv[0] else ""

    def best(self, board):
        """(score, move) of Stockfish's own choice."""
        key = f"{self.nodes} {board.fen()} best"
        if key not in self.cache:
            self.cache[key] = list(self._analyse(board, None))
        cp, uci = self.cache[key]
        return cp, uci

    def score(self, board, move):
        """Score of `move`, searched as the only root move."""
        key = f"{self.nodes} {board.fen()} {move.uci()}"
        if key not in self.cache:
            self.cache[key] = self._analyse(board, [move])[0]
        return self.cache[key]

    def loss(self, board, move):
        best_cp, best_uci = self.best(board)
        if move.uci() == best_uci:
            return 0.0
        return max(0.0, expected(best_cp) - expected(self.score(board, move)))

    def save(self):
        if self.path:
            with open(self.path, "w", encoding="utf-8") as f:
                json.dump(self.cache, f)

    def quit(self):
        self.sf.quit()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pgn", nargs="+", required=True, help="match PGNs to sample from")
    ap.add_argument("--engine", action="append", required=True, help="a build (repeatable)")
    ap.add_argument("--ms", type=int, default=40, help="each build's time per position")
    ap.add_argument(
        "--ms-of",
        action="append",
        default=[],
        metavar="I=MS",
        help="the I-th build (0-based) searches MS milliseconds instead",
    )
    ap.add_argument("--positions", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--after-ply", type=int, default=16, help="skip the book's plies")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--nodes", type=int, default=250_000, help="Stockfish's nodes per score")
    ap.add_argument("--cache", default="tools/out/move-quality-cache.json")
    args = ap.parse_args()

    times = [args.ms] * len(args.engine)
    for spec in args.ms_of:
        i, ms = spec.split("=")
        times[int(i)] = int(ms)
    fens = sample_positions(args.pgn, args.positions, args.seed, args.after_ply)
    engines = [chess.engine.SimpleEngine.popen_uci(e) for e in args.engine]
    reference = Reference(args.cache, args.stockfish, args.nodes)
    losses = [[] for _ in engines]
    try:
        for n, fen in enumerate(fens, 1):
            board = chess.Board(fen)
            for i, engine in enumerate(engines):
                limit = chess.engine.Limit(time=times[i] / 1000)
                move = engine.play(board, limit, game=object()).move
                losses[i].append(reference.loss(board, move))
            if n % 50 == 0:
                reference.save()
                means = " ".join(f"{sum(l) / n:.4f}" for l in losses)
                print(f"[{n}/{len(fens)}] mean loss {means}", flush=True)
    finally:
        reference.save()
        reference.quit()
        for engine in engines:
            engine.quit()

    n = len(fens)
    for i, path in enumerate(args.engine):
        mistakes = sum(1 for x in losses[i] if x > 0.1)
        line = f"build {i} ({path}, {times[i]} ms): mean loss {sum(losses[i]) / n:.4f}, mistakes {mistakes}/{n}"
        if i > 0:
            mean, low, high = interval([b - a for a, b in zip(losses[0], losses[i])])
            line += f"; minus build 0: {mean:+.4f} [{low:+.4f}, {high:+.4f}]"
        print(line)


if __name__ == "__main__":
    main()
