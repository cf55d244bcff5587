#!/usr/bin/env python3
"""Where Gambit's judgement parts from Stockfish's, in the positions of its own games.

For every position of the given match PGNs where Gambit was to move (after the first
`--skip` plies, not in check), Gambit's score from a search of `--depth` plies (default
1: its evaluation after quiescence, judgement with hardly any search) is set against
full-strength Stockfish's at `--nodes`, both from Gambit's side. Both engines get the
game's moves, so both see repetitions. The positions are grouped by simple traits
(phase, queens, material balance, castled kings, passed pawns, …) and each group's mean
difference is printed: a group where Gambit is steadily more optimistic than Stockfish
is a class of positions its evaluation misjudges in the games it actually plays.

Only positions Stockfish scores within ±`--window` cp are counted (outside it the
game is decided whatever the evaluation says). `--shard i/n` splits the work between
processes; `--out` writes one JSON line per position so that shards can be merged and
grouped again (`--merge`).

Usage:
  tools/.venv/bin/python tools/eval-residuals.py --engine <gambit-engine> \\
      --shard 0/2 --out a.jsonl tools/out/l8-vs-sf2200*.pgn
  tools/.venv/bin/python tools/eval-residuals.py --merge a.jsonl b.jsonl
"""

import argparse
import collections
import json
import statistics
import sys

import chess
import chess.engine
import chess.pgn

from match import gambit_colour, parse_shard
from paired import interval

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def material(board, colour):
    """Material of `colour` in pawns (1/3/3/5/9)."""
    return sum(len(board.pieces(r, colour)) * v for r, v in VALUES.items())


def passed_pawns(board, colour):
    """How many passed pawns `colour` has."""
    enemy = board.pieces(chess.PAWN, not colour)
    count = 0
    for sq in board.pieces(chess.PAWN, colour):
        f, r = chess.square_file(sq), chess.square_rank(sq)
        ahead = range(r + 1, 8) if colour == chess.WHITE else range(0, r)
        blocked = any(
            chess.square(ff, rr) in enemy
            for ff in (f - 1, f, f + 1)
            if 0 <= ff < 8
            for rr in ahead
        )
        count += not blocked
    return count


def king_castled(board, colour):
    """Whether `colour`'s king stands on the wing (files a-c or g-h) of its back two ranks."""
    k = board.king(colour)
    rank = chess.square_rank(k) if colour == chess.WHITE else 7 - chess.square_rank(k)
    return rank <= 1 and chess.square_file(k) in (0, 1, 2, 6, 7)


def traits(board, us):
    """The groups a position belongs to, from the side `us`'s point of view."""
    them = not us
    minors = lambda c: len(board.pieces(chess.KNIGHT, c)) + len(board.pieces(chess.BISHOP, c))
    pawns = len(board.pieces(chess.PAWN, us)) + len(board.pieces(chess.PAWN, them))
    non_pawn = material(board, us) + material(board, them) - pawns
    out = []
    out.append("phase: " + ("opening/middlegame (non-pawn >= 40)" if non_pawn >= 40
                            else "late middlegame (20..39)" if non_pawn >= 20
                            else "endgame (< 20)"))
    queens = (len(board.pieces(chess.QUEEN, us)), len(board.pieces(chess.QUEEN, them)))
    out.append(f"queens (us, them): {queens}")
    diff = material(board, us) - material(board, them)
    out.append("material: " + ("ahead >= 2" if diff >= 2 else "ahead 1" if diff == 1
                               else "level" if diff == 0 else "behind 1" if diff == -1
                               else "behind >= 2"))
    same_counts = all(
        len(board.pieces(r, us)) == len(board.pieces(r, them))
        for r in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)
    )
    if not same_counts:
        out.append("piece imbalance: " + ",".join(
            f"{chess.piece_symbol(r)}{len(board.pieces(r, us)) - len(board.pieces(r, them)):+d}"
            for r in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)
            if len(board.pieces(r, us)) != len(board.pieces(r, them))
        ))
    if len(board.pieces(chess.BISHOP, us)) >= 2 and len(board.pieces(chess.BISHOP, them)) < 2:
        out.append("bishop pair: ours only")
    if len(board.pieces(chess.BISHOP, them)) >= 2 and len(board.pieces(chess.BISHOP, us)) < 2:
        out.append("bishop pair: theirs only")
    castled = (king_castled(board, us), king_castled(board, them))
    out.append(f"kings castled (us, them): ({castled[0]}, {castled[1]})")
    pp = (passed_pawns(board, us), passed_pawns(board, them))
    out.append(f"passed pawns (us, them): ({min(pp[0], 2)}+, {min(pp[1], 2)}+)")
    opposite_castled = (
        all(castled)
        and (chess.square_file(board.king(us)) < 4) != (chess.square_file(board.king(them)) < 4)
    )
    if opposite_castled:
        out.append("kings on opposite wings")
    out.append("pawns on board: " + ("13+" if pawns >= 13 else "9..12" if pawns >= 9 else "<= 8"))
    if minors(us) + minors(them) > 0 and non_pawn <= 12:
        out.append("minor-piece endgame or lighter")
    return out


def score_cp(info, pov):
    """The score of an `analyse` result in centipawns from `pov`'s side (mates as ±10 000)."""
    s = info["score"].pov(pov)
    return s.score(mate_score=10000)


def collect(args):
    n_shard, of = args.shard
    gambit = chess.engine.SimpleEngine.popen_uci(args.engine)
    fish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    # Line-buffered, so that a shard stopped early keeps every position it scored.
    out = open(args.out, "w", buffering=1) if args.out else None
    rows = []
    index = 0
    for path in args.pgn:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                index += 1
                if index % of != n_shard:
                    continue
                us = gambit_colour(game)
                board = game.board()
                for ply, move in enumerate(game.mainline_moves()):
                    if ply >= args.skip and board.turn == us and not board.is_check():
                        ours = score_cp(gambit.analyse(board, chess.engine.Limit(depth=args.depth), game=index), us)
                        theirs = score_cp(fish.analyse(board, chess.engine.Limit(nodes=args.nodes), game=index), us)
                        row = {"fen": board.fen(), "gambit": ours, "stockfish": theirs,
                               "traits": traits(board, us), "result": game.headers["Result"],
                               "us_white": us == chess.WHITE}
                        rows.append(row)
                        if out:
                            out.write(json.dumps(row) + "\n")
                    board.push(move)
    gambit.quit()
    fish.quit()
    if out:
        out.close()
    return rows


def report(rows, window):
    groups = collections.defaultdict(list)
    kept = [r for r in rows if abs(r["stockfish"]) <= window and abs(r["gambit"]) < 5000]
    for r in kept:
        d = r["gambit"] - r["stockfish"]
        groups["all"].append(d)
        for t in r["traits"]:
            groups[t].append(d)
    print(f"{len(kept)} positions with Stockfish within ±{window} cp (of {len(rows)})")
    print(f"{'group':60} {'n':>6} {'mean':>7} {'±95%':>6} {'median':>7}")
    for name, ds in sorted(groups.items(), key=lambda kv: (kv[0] != "all", kv[0])):
        if len(ds) < 50:
            continue
        mean, _, high = interval(ds)
        print(f"{name:60} {len(ds):6} {mean:7.1f} {high - mean:6.1f} {statistics.median(ds):7.1f}")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("pgn", nargs="*")
    p.add_argument("--engine")
    p.add_argument("--stockfish", default="/usr/games/stockfish")
    p.add_argument("--nodes", type=int, default=20000)
    p.add_argument("--depth", type=int, default=1, help="depth of Gambit's search")
    p.add_argument("--skip", type=int, default=16, help="plies skipped at the start (the book)")
    p.add_argument("--window", type=int, default=300)
    p.add_argument("--shard", type=parse_shard, default=(0, 1), metavar="I/N")
    p.add_argument("--out")
    p.add_argument("--merge", nargs="*", help="JSON-lines files of earlier runs to group")
    args = p.parse_args()
    if args.merge:
        rows = [json.loads(line) for path in args.merge for line in open(path)]
    else:
        if not args.engine:
            sys.exit("--engine is required unless --merge is given")
        rows = collect(args)
    report(rows, args.window)


if __name__ == "__main__":
    main()
