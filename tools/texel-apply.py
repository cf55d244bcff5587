#!/usr/bin/env python3
"""Puts the weights the Texel tuner printed into a copy of the engine's source.

    tools/texel-apply.py tools/out/tuned.rs <checkout>/crates/engine/src/eval/weights.rs

Replaces the expression of `pub const DEFAULT: Weights = ...;` in the given
`weights.rs` with the one of `pub const TUNED: Weights = ...;` from the tuner's output,
and keeps the tuner's two comment lines above it. Run `cargo fmt` afterwards.
Use it on a separate worktree to build a candidate engine for a match; adopting the
weights on `main` means re-measuring every level's Elo label (tools/calibrate.sh).
"""

import re
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tuned_text = open(sys.argv[1]).read()
    m = re.search(r"pub const TUNED: Weights = (Weights \{.*\});", tuned_text, re.S)
    if not m:
        sys.exit(f"{sys.argv[1]}: no `pub const TUNED: Weights = ...;` found")
    comments = "".join(line + "\n" for line in tuned_text.splitlines() if line.startswith("//"))
    source = open(sys.argv[2]).read()
    pattern = re.compile(r"(/// The weights the engine plays with[^\n]*\n)(?://[^\n]*\n)*"
                         r"pub const DEFAULT: Weights = Weights \{.*?\n\};", re.S)
    if not pattern.search(source):
        sys.exit(f"{sys.argv[2]}: no `pub const DEFAULT: Weights = Weights {{ ... }};` found")
    source = pattern.sub(lambda d: d.group(1) + comments + f"pub const DEFAULT: Weights = {m.group(1)};",
                         source, count=1)
    open(sys.argv[2], "w").write(source)


if __name__ == "__main__":
    main()
