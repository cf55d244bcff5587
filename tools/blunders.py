#!/usr/bin/env python3
"""Where Gambit lost its lost games: for every game of a match Gambit lost, full-strength
Stockfish scores the position before each of Gambit's moves and after it, and the move
that dropped Gambit's expected score the most is taken as the decisive mistake. Gambit
then searches that position again with ten times the match's time: if it now plays
another move that Stockfish rates better by at least half the loss, the mistake was one
of depth (search); if it plays the same move again it was one of judgement
(evaluation); another move no better is counted apart (other). Tells which to work on.

The expected score of a Stockfish score `cp` (Gambit's side) is 1 / (1 + 10^(-cp/400)).

Usage:  tools/.venv/bin/python tools/blunders.py --engine <gambit-engine> tools/out/l8-vs-sf2200*.pgn
"""

import argparse
import collections

import chess
import chess.engine
import chess.pgn

from match import gambit_colour


def expected(cp):
    """Expected score of a centipawn score (mates as +-10000)."""
    return 1 / (1 + 10 ** (-cp / 400))


def phase(board):
    """'opening' up to move 12, then 'middlegame' or 'endgame' by the non-pawn material
    left (a queen 4, a rook 2, a minor piece 1; 24 at the start; endgame at 12 or less)."""
    weights = {chess.KNIGHT: 1, chess.BISHOP: 1, chess.ROOK: 2, chess.QUEEN: 4}
    left = sum(w * len(board.pieces(r, c)) for r, w in weights.items() for c in chess.COLORS)
    if board.fullmove_number <= 12:
        return "opening"
    return "middlegame" if left > 12 else "endgame"


def worst_move(sf, game, gambit, nodes):
    """(drop, board before, move played, score before, score after) of Gambit's move that
    lost the most expected score."""
    worst = None
    node = game
    while node.variations:
        child = node.variations[0]
        board = node.board()
        if board.turn == gambit:
            before = sf.analyse(board, chess.engine.Limit(nodes=nodes))["score"]
            after = sf.analyse(child.board(), chess.engine.Limit(nodes=nodes))["score"]
            b = before.pov(gambit).score(mate_score=10000)
            a = after.pov(gambit).score(mate_score=10000)
            drop = expected(b) - expected(a)
            if worst is None or drop > worst[0]:
                worst = (drop, board, child.move, b, a)
        node = child
    return worst


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--engine", required=True, help="the gambit-engine binary")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--nodes", type=int, default=200_000, help="Stockfish's nodes per position")
    ap.add_argument("--ms", type=int, default=2000, help="Gambit's time for the second look")
    args = ap.parse_args()
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    gambit_engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    counts = collections.Counter()
    for path in args.pgn:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                gambit = gambit_colour(game)
                lost = "0-1" if gambit == chess.WHITE else "1-0"
                if game.headers["Result"] != lost:
                    continue
                found = worst_move(sf, game, gambit, args.nodes)
                if found is None:
                    continue
                drop, board, played, b, a = found
                # A new game id each time: python-chess sends `ucinewgame` (a fresh table).
                again = gambit_engine.play(
                    board, chess.engine.Limit(time=args.ms / 1000), game=object()
                ).move
                if again == played:
                    kind = "evaluation"
                else:
                    board.push(again)
                    score = sf.analyse(board, chess.engine.Limit(nodes=args.nodes))["score"]
                    board.pop()
                    a2 = score.pov(gambit).score(mate_score=10000)
                    kind = "search" if expected(a2) >= expected(a) + drop / 2 else "other"
                where = phase(board)
                counts[(where, kind)] += 1
                print(
                    f"{path}:{game.headers.get('Round', '?')} move {board.fullmove_number} "
                    f"{board.san(played)} ({b} -> {a} cp, -{drop:.2f}) {where}; "
                    f"with {args.ms} ms: {board.san(again)} -> {kind}  {board.fen()}",
                    flush=True,
                )
    sf.quit()
    gambit_engine.quit()
    print()
    for (where, kind), n in sorted(counts.items()):
        print(f"{where:11} {kind:10} {n}")


if __name__ == "__main__":
    main()
