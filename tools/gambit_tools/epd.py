"""The EPD suites of `data/`: perft counts, test positions with their key moves, or just
the positions."""

import re


def perft_counts(path):
    """Yields (FEN, {depth: nodes}) for every line `<FEN> ;D1 20 ;D2 400 …` of `path`."""
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            fen, *counts = [field.strip() for field in line.split(";")]
            yield fen, {int(c.split()[0][1:]): int(c.split()[1]) for c in counts if c}


def epd_positions(path):
    """Yields (board, operations) for every position of the EPD file at `path`, parsed by
    python-chess (`operations["bm"]` holds the key moves, `["id"]` the name)."""
    import chess

    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            # Drop the informational pv operation (truncated in some suites).
            line = re.sub(r"\bpv [^;]*;", "", line)
            board = chess.Board()
            operations = board.set_epd(line)
            yield board, operations


def fen_boards(path):
    """The positions of an EPD file as python-chess boards, from the four FEN fields of
    each line alone: for suites whose operations python-chess rejects (Bratko-Kopec's
    `bm Qd1 + ;`)."""
    import chess

    with open(path) as f:
        return [chess.Board(" ".join(line.split()[:4]) + " 0 1") for line in f if line.strip()]
