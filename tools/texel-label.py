#!/usr/bin/env python3
"""Positions from played games, labelled by Stockfish, for tuning Gambit's evaluation.

`texel-data.py` makes positions from Stockfish playing itself; this script takes them
from games already played, such as the PGNs `match.py` writes for Gambit against
Stockfish, so the tuner sees the positions Gambit itself reaches. Each position after
the opening (`--skip-plies`), not in check and not seen before in any of the files
(compared without the move counters), is analysed by Stockfish at a fixed node count and
written in `texel-data.py`'s format:

    <FEN> | <the game's result from White's side: 1.0, 0.5 or 0.0> | <Stockfish's score, White's side, cp>

Mates are written as ±100000. Games without a result (`*`) are skipped. `--shard i/n`
labels only every n-th new position starting at the i-th (from 0), so n processes can
share the work: run them on the same files and join their outputs.

Usage:  tools/.venv/bin/python tools/texel-label.py --nodes 10000 --shard 0/2 \
            --out tools/out/label-0.txt tools/out/l8-vs-sf*.pgn
"""

import argparse
import sys

import chess
import chess.engine
import chess.pgn

from gambit_tools import paths
from gambit_tools.matches import RESULTS, parse_shard
from gambit_tools.uci import open_engine, white_centipawns


def positions(paths, skip_plies):
    """Yields (game number, board, result) for every new position of the games, in order."""
    seen = set()
    game_number = 0
    for path in paths:
        with open(path, encoding="utf-8") as pgn:
            while (game := chess.pgn.read_game(pgn)) is not None:
                result = RESULTS.get(game.headers.get("Result", "*"))
                if result is None or game.errors:
                    continue
                game_number += 1
                board = game.board()
                for ply, move in enumerate(game.mainline_moves()):
                    board.push(move)
                    if ply + 1 < skip_plies or board.is_check() or board.is_game_over():
                        continue
                    key = " ".join(board.fen().split()[:4])
                    if key in seen:
                        continue
                    seen.add(key)
                    yield game_number, board.copy(stack=False), result


def fen_positions(paths):
    """Yields (group number, board, 0.5) for every new position of FEN-per-line files (a
    search's samples: no game, so no result; fit them with `TEXEL_LAMBDA=0` or
    `net-train.py --lam 0`). Every 200 lines make a group, for Stockfish's hash."""
    seen = set()
    number = 0
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                try:
                    board = chess.Board(line.strip())
                except ValueError:
                    continue
                number += 1
                key = " ".join(board.fen().split()[:4])
                if board.is_check() or board.is_game_over() or key in seen:
                    continue
                seen.add(key)
                yield number // 200, board, 0.5


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgns", nargs="+")
    ap.add_argument("--nodes", type=int, default=10000, help="Stockfish nodes per position")
    ap.add_argument("--skip-plies", type=int, default=8, help="plies of each game not used")
    ap.add_argument("--shard", type=parse_shard, default=(0, 1), metavar="I/N")
    ap.add_argument("--stockfish", default=paths.STOCKFISH)
    ap.add_argument("--fens", action="store_true",
                    help="the files hold one FEN per line instead of games")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    index, count = args.shard
    engine = open_engine(args.stockfish, {"Threads": 1, "Hash": 16})
    written = 0
    with open(args.out, "w") as out:
        for number, (game, board, result) in enumerate(
            fen_positions(args.pgns) if args.fens else positions(args.pgns, args.skip_plies)
        ):
            if number % count != index:
                continue
            # One game id per game: Stockfish keeps its hash within a game, clears it between.
            info = engine.analyse(board, chess.engine.Limit(nodes=args.nodes), game=game)
            cp = white_centipawns(info["score"])
            out.write(f"{board.fen()} | {result} | {cp}\n")
            written += 1
            if written % 5000 == 0:
                out.flush()
                print(f"{written} positions (game {game})", file=sys.stderr, flush=True)
    engine.quit()
    print(f"done: {written} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
