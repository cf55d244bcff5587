#!/usr/bin/env python3
"""Positions with game results for tuning Gambit's evaluation (Texel's method).

Plays Stockfish against itself at a fixed node budget from the openings of `book.txt`,
each followed by `--random-plies` random legal moves so that no two games are alike
(python-chess is the referee and does the bookkeeping). Every position of a game from
the first move after the random plies on, except those in check, is written as one line

    <FEN> | <result from White's side: 1.0, 0.5 or 0.0> | <Stockfish's score, White's side, cp>

The score is the one Stockfish gave the position when it chose its move there (mates as
±100000); the tuner can fit to the results, to the scores, or to a blend of the two
(`TEXEL_LAMBDA`, see `crates/engine/examples/texel.rs`).

Games end by the rules (python-chess), or are adjudicated when Stockfish has scored
one side at >= 1000 cp for 8 plies in a row (a win) or after 200 plies (a draw).

Usage:  tools/.venv/bin/python tools/texel-data.py --games 3000 --seed 1 --out tools/out/texel-1.txt
"""

import argparse
import random
import sys

import chess
import chess.engine

from gambit_tools import paths
from gambit_tools.matches import load_book
from gambit_tools.uci import MATE_CP, open_engine


def play_game(engine, board, nodes, max_plies, game_id):
    """Plays from `board` to the end; returns ([(fen, White's score in cp)], result from
    White's side)."""
    fens = []
    decisive = 0
    while not board.is_game_over(claim_draw=True):
        if len(board.move_stack) >= max_plies:
            return fens, 0.5
        # A new game id makes python-chess send `ucinewgame` (Stockfish clears its hash).
        info = engine.analyse(board, chess.engine.Limit(nodes=nodes), game=game_id)
        score = info["score"].white()
        pv = info.get("pv")
        if not pv:
            raise RuntimeError(f"no move from Stockfish in {board.fen()}")
        cp = score.score(mate_score=MATE_CP)
        if not board.is_check():
            fens.append((board.fen(), cp))
        decisive = decisive + 1 if abs(cp) >= 1000 else 0
        if decisive >= 8:
            return fens, 1.0 if cp > 0 else 0.0
        board.push(pv[0])
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        return fens, 0.5
    return fens, 1.0 if outcome.winner == chess.WHITE else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=5000, help="Stockfish nodes per move")
    ap.add_argument("--random-plies", type=int, default=4)
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--book", default=str(paths.BOOK))
    ap.add_argument("--stockfish", default=paths.STOCKFISH)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    book = load_book(args.book)
    engine = open_engine(args.stockfish, {"Threads": 1, "Hash": 16})
    positions = 0
    results = {1.0: 0, 0.5: 0, 0.0: 0}
    with open(args.out, "w") as out:
        for game in range(args.games):
            board = chess.Board()
            for move in book[game % len(book)]:
                board.push(move)
            for _ in range(args.random_plies):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            if board.is_game_over():
                continue
            fens, result = play_game(engine, board, args.nodes, args.max_plies, game)
            results[result] += 1
            for fen, cp in fens:
                out.write(f"{fen} | {result} | {cp}\n")
            positions += len(fens)
            if (game + 1) % 100 == 0:
                out.flush()
                print(
                    f"{game + 1} games, {positions} positions, "
                    f"W/D/L {results[1.0]}/{results[0.5]}/{results[0.0]}",
                    file=sys.stderr,
                    flush=True,
                )
    engine.quit()
    print(f"done: {args.games} games, {positions} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
