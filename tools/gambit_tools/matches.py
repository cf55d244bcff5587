"""Matches as `match.py` plays and writes them: the opening book, who played Gambit in a
PGN, results as numbers, and shards that split work between processes."""

import argparse

#: A PGN result as White's score.
RESULTS = {"1-0": 1.0, "1/2-1/2": 0.5, "0-1": 0.0}


def load_book(path):
    """The book's openings, each a list of python-chess moves; one opening a line in SAN,
    `#` starts a comment."""
    import chess

    lines = []
    with open(path) as f:
        for raw in f:
            raw = raw.strip()
            if not raw or raw.startswith("#"):
                continue
            board = chess.Board()
            for san in raw.split():
                board.push_san(san)
            lines.append(list(board.move_stack))
    return lines


def gambit_colour(game):
    """The colour engine A (Gambit) played in a game of a match against Stockfish, read
    from the player names `match.py` writes ("Gambit …" against "Stockfish …")."""
    import chess

    return chess.WHITE if game.headers["White"].startswith("Gambit") else chess.BLACK


def parse_shard(text):
    """`i/n` → (i, n), with 0 <= i < n (an argparse type)."""
    index, count = (int(part) for part in text.split("/"))
    if not 0 <= index < count:
        raise argparse.ArgumentTypeError(f"shard {text}: want i/n with 0 <= i < n")
    return index, count
