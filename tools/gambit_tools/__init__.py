"""What Gambit's measuring scripts in `tools/` share.

The scripts run as `python3 tools/<script>.py` (or with `tools/.venv/bin/python`), which
puts `tools/` on the import path, so they import this package as `gambit_tools`:

- `paths`: the repository's places (data, the engine's build, the book, Stockfish);
- `uci`: starting a UCI engine, its options, scores as centipawns, a scripted UCI run;
- `epd`: reading the EPD suites of `data/` (perft counts, Win At Chess, Bratko-Kopec);
- `elo`: match scores as Elo differences with their intervals;
- `matches`: the opening book, match PGNs (who played Gambit, results), work shards.

`paths`, `elo`, `epd.perft_counts` and `uci.run_script` need the standard library only (CI runs `level-table.py --check` without python-chess);
the rest imports python-chess when called.
"""
