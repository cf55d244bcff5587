#!/usr/bin/env python3
"""Puts the weights the Texel tuner printed into a copy of the engine's source.

    tools/texel-apply.py tools/out/tuned.rs <checkout>/crates/engine/src/eval

Replaces the expression of `pub const DEFAULT: Weights = ...;` in `weights.rs` with the
one of `pub const TUNED: Weights = ...;` from the tuner's output (keeping the tuner's
comment lines above it), except the per-square corrections: those go to
`psq_adjust.rs`, one table per piece, a row of the board per line, and `weights.rs`
refers to them. Run `cargo fmt` afterwards.
Use it on a separate worktree to build a candidate engine for a match; adopting the
weights on `main` means re-measuring every level's Elo label (tools/calibrate.sh).
"""

import os
import re
import sys

ROLES = ["pawn", "knight", "bishop", "rook", "queen", "king"]


def psq_file(tables, comments):
    """The text of psq_adjust.rs for six tables of 64 (mg, eg) pairs."""
    out = [
        "//! Per-square corrections to the rule-built piece-square tables.",
        "//!",
        "//! [`super::tables`] builds every table from a few rules; the Texel tuner",
        "//! (`examples/texel.rs`) fits a correction per piece, square and phase on top of them,",
        "//! held near zero by its prior so that a square seen in few positions keeps its rule",
        "//! value. Indexed by `Role as usize - 1`, then by the square from White's side (a1 = 0):",
        "//! each line below is one rank, from the first to the eighth.",
        "",
        "use super::tapered::S;",
        "",
        "/// The corrections the engine plays with.",
        *comments,
        "#[rustfmt::skip]",
        "pub const DEFAULT: [[S; 64]; 6] = [",
    ]
    for role, table in zip(ROLES, tables):
        out.append(f"    // {role}")
        out.append("    [")
        for rank in range(8):
            row = table[rank * 8:(rank + 1) * 8]
            out.append("        " + " ".join(f"S({mg}, {eg})," for mg, eg in row))
        out.append("    ],")
    out.append("];")
    return "\n".join(out) + "\n"


def main():
    if sys.argv[1:] in (['-h'], ['--help']):
        print(__doc__)
        return
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tuned_text = open(sys.argv[1]).read()
    m = re.search(r"pub const TUNED: Weights = (Weights \{.*\});", tuned_text, re.S)
    if not m:
        sys.exit(f"{sys.argv[1]}: no `pub const TUNED: Weights = ...;` found")
    weights = m.group(1)
    psq = re.search(r"psq_adjust: \[(\[.*?\])\]", weights, re.S)
    if not psq:
        sys.exit(f"{sys.argv[1]}: the tuned weights have no `psq_adjust`")
    tables = [[(int(a), int(b)) for a, b in re.findall(r"S\((-?\d+), (-?\d+)\)", t)]
              for t in re.findall(r"\[([^\[\]]*)\]", psq.group(1))]
    if len(tables) != 6 or any(len(t) != 64 for t in tables):
        sys.exit(f"{sys.argv[1]}: `psq_adjust` is not six tables of 64")
    weights = weights[:psq.start()] + "psq_adjust: super::psq_adjust::DEFAULT" + weights[psq.end():]
    comments = [line for line in tuned_text.splitlines() if line.startswith("//")]

    weights_rs = os.path.join(sys.argv[2], "weights.rs")
    source = open(weights_rs).read()
    # The doc comment (`///` lines) stays; the last tuner's `//` lines go.
    pattern = re.compile(r"(/// The weights the engine plays with[^\n]*\n(?:///[^\n]*\n)*)"
                         r"(?://(?!/)[^\n]*\n)*"
                         r"pub const DEFAULT: Weights = Weights \{.*?\n\};", re.S)
    if not pattern.search(source):
        sys.exit(f"{weights_rs}: no `pub const DEFAULT: Weights = Weights {{ ... }};` found")
    header = "".join(line + "\n" for line in comments)
    source = pattern.sub(lambda d: d.group(1) + header + f"pub const DEFAULT: Weights = {weights};",
                         source, count=1)
    open(weights_rs, "w").write(source)
    open(os.path.join(sys.argv[2], "psq_adjust.rs"), "w").write(psq_file(tables, comments))


if __name__ == "__main__":
    main()
