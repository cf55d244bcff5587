"""The repository's places, as absolute paths, so scripts run from any directory."""

from pathlib import Path

#: The repository's root (this file is tools/gambit_tools/paths.py).
REPO = Path(__file__).resolve().parents[2]
#: The test suites: perft.epd, wac.epd (Win At Chess), bratko-kopec.epd.
DATA = REPO / "data"
#: The engine as `cargo build --release -p gambit-engine` builds it.
ENGINE = REPO / "target" / "release" / "gambit-engine"
#: The 40 openings matches start from.
BOOK = REPO / "tools" / "book.txt"
#: The committed match summaries behind the level table.
CALIBRATION = REPO / "tools" / "calibration"
#: Debian's Stockfish 15.1 (`apt-get install stockfish`), the matches' opponent.
STOCKFISH = "/usr/games/stockfish"
