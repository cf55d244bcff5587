"""UCI engines: starting one through python-chess with its options, reading scores, and
a scripted run of an engine process (standard library only) for commands python-chess
does not know, such as Gambit's `go perft`."""

import subprocess

#: The centipawn value given to a mate when scores are compared as numbers.
MATE_CP = 100_000


def open_engine(command, options=None, timeout=30):
    """A python-chess engine for `command` (a path, or a command line with arguments),
    configured with the UCI `options` ({name: value}) when given."""
    import chess.engine

    args = command.split() if isinstance(command, str) else [str(command)]
    engine = chess.engine.SimpleEngine.popen_uci(args, timeout=timeout)
    if options:
        engine.configure(options)
    return engine


def parse_options(pairs):
    """UCI options from `Name=Value` strings; integer values become ints."""
    options = {}
    for pair in pairs:
        name, value = pair.split("=", 1)
        options[name] = int(value) if value.lstrip("-").isdigit() else value
    return options


def white_centipawns(score):
    """A python-chess score in centipawns from White's point of view, mates as ±MATE_CP;
    None stays None."""
    if score is None:
        return None
    return score.white().score(mate_score=MATE_CP)


def run_script(command, lines, timeout=600):
    """Runs the engine `command` on the UCI `lines` (a `quit` is added) and returns its
    output lines."""
    script = "".join(f"{line}\n" for line in [*lines, "quit"])
    done = subprocess.run([str(command)], input=script, capture_output=True, text=True,
                          timeout=timeout, check=False)
    return done.stdout.splitlines()
