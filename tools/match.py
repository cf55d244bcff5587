#!/usr/bin/env python3
"""Engine match runner for Gambit, refereed by python-chess.

Plays `--games` games between engine A (Gambit, optionally at a level) and engine B
(Stockfish, optionally strength-limited), alternating colours on each opening of the
book (`book.txt`), one game at a time (both engines single-threaded). Each game starts
with `ucinewgame`; each move is asked for with `go movetime`; python-chess checks every
move for legality.

Counted failures:
  illegal   - an engine answered an illegal or no move (python-chess raises),
  crash     - the engine process died or stopped answering,
  forfeit   - a reply took longer than the forfeit limit (default 10x movetime + 100 ms
              of wall time, measured around the request by this script).
A failing engine loses the game. Games longer than --max-plies are adjudicated drawn.

Optional adjudication (as cutechess-cli does it), from the scores both engines report:
  --resign-cp N   a game is won when both engines' last --resign-plies scores agree that
                  one side is ahead by at least N centipawns (mate scores count as ahead);
  --draw-cp N     from ply --draw-from on, a game is drawn when the last --draw-plies
                  scores are all within N centipawns of zero.
Adjudicated games say so in their PGN Termination tag and are counted in the summary.

Writes a PGN of all games and prints a JSON summary (also to --summary).
"""

import argparse
import json
import random
import sys
import time
from collections import Counter

import chess
import chess.engine
import chess.pgn

from gambit_tools import paths
from gambit_tools.elo import elo_from_score
from gambit_tools.matches import load_book
from gambit_tools.uci import open_engine, parse_options, white_centipawns


def adjudicate(white_scores, plies, args):
    """(result, reason) when the recent scores settle the game, else None."""
    if args.resign_cp is not None and len(white_scores) >= args.resign_plies:
        recent = white_scores[-args.resign_plies:]
        if all(s is not None and s >= args.resign_cp for s in recent):
            return "1-0", f"adjudicated: both engines see White ahead by >= {args.resign_cp} cp"
        if all(s is not None and s <= -args.resign_cp for s in recent):
            return "0-1", f"adjudicated: both engines see Black ahead by >= {args.resign_cp} cp"
    if (args.draw_cp is not None and plies >= args.draw_from
            and len(white_scores) >= args.draw_plies):
        recent = white_scores[-args.draw_plies:]
        if all(s is not None and abs(s) <= args.draw_cp for s in recent):
            return "1/2-1/2", f"adjudicated: both engines see a draw (|score| <= {args.draw_cp} cp)"
    return None


def game_over(board, seen):
    """(result, reason) when the game has ended, else None: by the rules (mate,
    stalemate, insufficient material), or drawn as a player may claim it once the
    position stands for the third time (`seen` counts the game's positions) or after 50
    moves without a capture or a pawn move. python-chess's `claim_draw=True` also looks
    one move ahead for both claims, which costs a move generation per position and
    grows with the game; the long games of the weak bots made it the match's main cost."""
    outcome = board.outcome(claim_draw=False)
    if outcome is not None:
        return outcome.result(), outcome.termination.name.lower()
    if seen[board._transposition_key()] >= 3:
        return "1/2-1/2", "threefold_repetition"
    if board.halfmove_clock >= 100:
        return "1/2-1/2", "fifty_moves"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", default=str(paths.ENGINE), help="command of engine A")
    ap.add_argument("--a-level", type=int, default=None, help="Gambit Level option for A")
    ap.add_argument("--a-ms", type=int, default=100, help="movetime of A in ms")
    ap.add_argument("--a-hash", type=int, default=16)
    ap.add_argument("--a-opt", action="append", default=[], help="extra UCI option for A, Name=Value")
    ap.add_argument("--a-name", default=None, help="A's name in the PGN and summary")
    ap.add_argument("--b", default=paths.STOCKFISH, help="command of engine B")
    ap.add_argument("--b-ms", type=int, default=100, help="movetime of B in ms")
    ap.add_argument("--b-elo", type=int, default=None, help="UCI_Elo for B (UCI_LimitStrength)")
    ap.add_argument("--b-skill", type=int, default=None, help="Skill Level for B")
    ap.add_argument("--b-level", type=int, default=None, help="Gambit Level for B (level ladder)")
    ap.add_argument("--b-name", default=None, help="B's name in the PGN and summary")
    ap.add_argument("--b-opt", action="append", default=[],
                    help="extra UCI option for B, Name=Value (after the defaults, e.g. Threads=2)")
    ap.add_argument("--nodes", type=int, default=None,
                    help="search nodes per move for both instead of movetime, varied at random "
                         "by up to a tenth from move to move (a screen of evaluation "
                         "changes that leaves speed out)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--book", default=str(paths.BOOK))
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--forfeit-ms", type=int, default=None)
    ap.add_argument("--resign-cp", type=int, default=None, help="win adjudication threshold (off by default)")
    ap.add_argument("--resign-plies", type=int, default=6)
    ap.add_argument("--draw-cp", type=int, default=None, help="draw adjudication threshold (off by default)")
    ap.add_argument("--draw-plies", type=int, default=16)
    ap.add_argument("--draw-from", type=int, default=80, help="first ply at which a draw may be adjudicated")
    ap.add_argument("--pgn", default=None)
    ap.add_argument("--summary", default=None)
    args = ap.parse_args()

    book = load_book(args.book)
    a_opts = {"Hash": args.a_hash}
    if args.a_level is not None:
        a_opts["Level"] = args.a_level
    a_opts.update(parse_options(args.a_opt))
    b_opts = {}
    is_stockfish = "stockfish" in args.b
    if is_stockfish:
        b_opts.update({"Threads": 1, "Hash": 16})
        if args.b_elo is not None:
            b_opts.update({"UCI_LimitStrength": True, "UCI_Elo": args.b_elo})
        if args.b_skill is not None:
            b_opts["Skill Level"] = args.b_skill
    if args.b_level is not None:
        b_opts["Level"] = args.b_level
    b_opts.update(parse_options(args.b_opt))

    names = {"A": f"Gambit{'' if args.a_level is None else ' L' + str(args.a_level)} {args.a_ms}ms",
             "B": (f"Stockfish{' Elo ' + str(args.b_elo) if args.b_elo else ''}"
                   f"{' Skill ' + str(args.b_skill) if args.b_skill is not None else ''} {args.b_ms}ms"
                   if is_stockfish else f"Gambit L{args.b_level} {args.b_ms}ms")}
    if args.a_name:
        names["A"] = f"{args.a_name} {args.a_ms}ms"
    if args.b_name:
        names["B"] = f"{args.b_name} {args.b_ms}ms"
    limits = {"A": chess.engine.Limit(time=args.a_ms / 1000), "B": chess.engine.Limit(time=args.b_ms / 1000)}
    forfeit = {k: (args.forfeit_ms if args.forfeit_ms else 10 * ms + 100) / 1000
               for k, ms in (("A", args.a_ms), ("B", args.b_ms))}
    jitter = random.Random(1)
    cmds = {"A": args.a, "B": args.b}
    opts = {"A": a_opts, "B": b_opts}
    engines = {k: open_engine(cmds[k], opts[k]) for k in ("A", "B")}

    stats = {"wins": 0, "draws": 0, "losses": 0,
             "failures": {k: {"illegal": 0, "crash": 0, "forfeit": 0} for k in ("A", "B")},
             "max_reply_ms": {"A": 0.0, "B": 0.0}, "games": 0,
             "adjudicated": {"win": 0, "draw": 0}}
    pgn_out = open(args.pgn, "w") if args.pgn else None
    started = time.time()

    for g in range(args.games):
        opening = book[(g // 2) % len(book)]
        a_white = g % 2 == 0
        white, black = ("A", "B") if a_white else ("B", "A")
        board = chess.Board()
        for m in opening:
            board.push(m)
        for k in ("A", "B"):
            try:
                engines[k].ping()
            except Exception:
                engines[k] = open_engine(cmds[k], opts[k])
        result, reason = None, None
        white_scores = []  # each reply's score in centipawns from White's side, None if none
        seen = Counter([board._transposition_key()])  # the positions, for repetitions
        while result is None:
            verdict = adjudicate(white_scores, len(board.move_stack), args)
            if verdict is not None:
                result, reason = verdict
                stats["adjudicated"]["draw" if result == "1/2-1/2" else "win"] += 1
                break
            ended = game_over(board, seen)
            if ended is not None:
                result, reason = ended
                break
            if len(board.move_stack) >= args.max_plies:
                result, reason = "1/2-1/2", "adjudicated: move limit"
                break
            side = white if board.turn == chess.WHITE else black
            t0 = time.perf_counter()
            failure = None
            try:
                # A new `game` makes python-chess send `ucinewgame` (fresh tables, and
                # a fresh seed for Gambit's weaker levels), as cutechess-cli does.
                limit = limits[side]
                if args.nodes:
                    limit = chess.engine.Limit(nodes=args.nodes + jitter.randrange(args.nodes // 10 + 1))
                played = engines[side].play(board, limit, info=chess.engine.INFO_SCORE,
                                            game=g)
                move = played.move
                if move is None or move not in board.legal_moves:
                    failure = "illegal"
            except chess.engine.EngineTerminatedError:
                failure = "crash"
            except chess.engine.EngineError as e:
                failure = "illegal" if "illegal" in str(e).lower() else "crash"
            except Exception as e:  # timeouts and protocol errors
                print(f"game {g}: {side}: {e!r}", file=sys.stderr)
                failure = "crash"
            elapsed = time.perf_counter() - t0
            stats["max_reply_ms"][side] = max(stats["max_reply_ms"][side], elapsed * 1000)
            if failure is None and elapsed > forfeit[side]:
                failure = "forfeit"
            if failure:
                stats["failures"][side][failure] += 1
                loser_white = side == white
                result = "0-1" if loser_white else "1-0"
                reason = f"{names[side]} {failure}"
                if failure == "crash":
                    try:
                        engines[side].quit()
                    except Exception:
                        pass
                    engines[side] = open_engine(cmds[side], opts[side])
                break
            white_scores.append(white_centipawns(played.info.get("score")))
            board.push(move)
            seen[board._transposition_key()] += 1
        a_points = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
        if not a_white:
            a_points = 1.0 - a_points
        stats["wins" if a_points == 1 else "losses" if a_points == 0 else "draws"] += 1
        stats["games"] += 1
        if pgn_out:
            game = chess.pgn.Game.from_board(board)
            game.headers.update({"Event": "Gambit match", "Round": str(g + 1),
                                 "White": names[white], "Black": names[black],
                                 "Result": result, "Termination": reason or ""})
            print(game, file=pgn_out, end="\n\n")
            pgn_out.flush()
        if (g + 1) % 10 == 0 or g + 1 == args.games:
            e = elo_from_score(stats["wins"], stats["draws"], stats["losses"])
            print(f"[{g + 1}/{args.games}] +{stats['wins']} ={stats['draws']} -{stats['losses']} "
                  f"score {e['score']:.3f} elo {e['elo']:+.0f} [{e['elo_low']:+.0f},{e['elo_high']:+.0f}] "
                  f"failures {stats['failures']} max reply ms "
                  f"A {stats['max_reply_ms']['A']:.0f} B {stats['max_reply_ms']['B']:.0f} "
                  f"({time.time() - started:.0f}s)", flush=True)

    for eng in engines.values():
        try:
            eng.quit()
        except Exception:
            pass
    summary = {"a": names["A"], "b": names["B"], **stats,
               **(elo_from_score(stats["wins"], stats["draws"], stats["losses"]) or {}),
               "seconds": round(time.time() - started), "command": " ".join(sys.argv)}
    print(json.dumps(summary, indent=1))
    if args.summary:
        with open(args.summary, "w") as f:
            json.dump(summary, f, indent=1)


if __name__ == "__main__":
    main()
