#!/usr/bin/env python3
"""Whether two gambit-engine builds search alike in games, not only on `bench`.

`bench` searches each of its positions with a fresh engine; in a game one engine keeps
its transposition table and histories from move to move. This replays games from a PGN
(e.g. `match.py`'s) with one engine process per build for each game, searches every
position of them to the same node count with both, and compares what each reports: the
first move of the principal variation, the nodes and the depth. Two builds of the same
search agree everywhere; a difference in games between them is then their speed or
chance, not their play.

    tools/.venv/bin/python tools/same-moves.py <engine A> <engine B> --pgn games.pgn [--games 3] [--nodes 30000]
"""

import argparse

import chess.engine
import chess.pgn

from gambit_tools.uci import open_engine


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--pgn", required=True)
    ap.add_argument("--games", type=int, default=3, help="how many games of the PGN, from its start")
    ap.add_argument("--nodes", type=int, default=30_000)
    args = ap.parse_args()
    limit = chess.engine.Limit(nodes=args.nodes)
    positions = differ = 0
    with open(args.pgn, encoding="utf-8") as f:
        for _ in range(args.games):
            game = chess.pgn.read_game(f)
            if game is None:
                break
            engines = [open_engine(p) for p in (args.a, args.b)]
            try:
                board = game.board()
                for move in game.mainline_moves():
                    seen = []
                    for engine in engines:
                        info = engine.analyse(board, limit, game=game)
                        seen.append((info.get("pv", [None])[0], info.get("nodes"), info.get("depth")))
                    positions += 1
                    if seen[0] != seen[1]:
                        differ += 1
                        print(f"differ: {board.fen()}: A {seen[0]}, B {seen[1]}")
                    board.push(move)
            finally:
                for engine in engines:
                    engine.quit()
    print(f"{positions} positions, {differ} differ")


if __name__ == "__main__":
    main()
