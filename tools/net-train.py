#!/usr/bin/env python3
"""Fits the evaluation network: a small correction added to Gambit's evaluation.

Input: records of `crates/engine/examples/net_data.rs` (quiet positions with Gambit's
static evaluation and Stockfish's score, both for the side to move). The network sees
the pieces twice, from the side to move and from the other side (ranks mirrored, colours
swapped: one weight matrix for both), as in the "efficiently updatable" networks of
computer chess:

    a_us   = b + sum of W's rows of the pieces, seen by the side to move
    a_them = b + sum of W's rows of the pieces, seen by the other side
    net    = v_us · clip(a_us, 0, 1) + v_them · clip(a_them, 0, 1) + c      (centipawns)

and the model of Stockfish's score is `sigmoid(m · (gambit + net))`, the target
`sigmoid(stockfish)` (both sigmoids in the odds of `tools/texel-data.py`: ten to one per
400 cp; `m` is fitted first with the network at zero and then held, so the network's
output is in Gambit's own centipawns). Adam lowers the mean squared error plus an L2
prior; every tenth block of 2 000 records (whole games) is held out, and the weights
with the lowest held-out error are written, quantised (W and b × 255, v × 64, c in cp)
as little-endian i16 in the order W (768 × H, row by row), b, v_us, v_them, c.

With `--check NET`, nothing is fitted: the quantised network NET is evaluated the way the
engine does it, in integers, and compared with the engine's own correction in the
records (whole evaluation minus the rules' part; the records must have been written by
an engine built with NET).

Usage: tools/.venv/bin/python tools/net-train.py data.bin --hidden 32 --out net.bin
       tools/.venv/bin/python tools/net-train.py data.bin --hidden 32 --check net.bin
"""

import argparse
import math
import sys

import numpy as np
import scipy.sparse as sp

RECORD = np.dtype(
    [("pieces", "<u2", 32), ("gambit", "<i2"), ("stockfish", "<i2"), ("result", "u1"),
     ("stm", "u1"), ("whole", "<i2")]
)
QA = 255
QB = 64
BLOCK = 2000
LN10_400 = math.log(10) / 400


def features(pieces, stm):
    """CSR matrices (n × 768) of the pieces seen by the side to move and by the other."""
    n = len(pieces)
    valid = pieces != 0xFFFF
    white = pieces.astype(np.int64)
    colour, rest = white // 384, white % 384
    role, square = rest // 64, rest % 64
    black = (1 - colour) * 384 + role * 64 + (square ^ 56)
    black_to_move = (stm == 1)[:, None]
    us = np.where(black_to_move, black, white)
    them = np.where(black_to_move, white, black)
    rows = np.repeat(np.arange(n), 32).reshape(n, 32)

    def matrix(cols):
        return sp.csr_matrix(
            (np.ones(valid.sum(), np.float32), (rows[valid], cols[valid])), shape=(n, 768)
        )

    return matrix(us), matrix(them)


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


class Net:
    def __init__(self, hidden, rng):
        self.params = {
            "W": (rng.standard_normal((768, hidden)) * 0.05).astype(np.float32),
            "b": np.full(hidden, 0.5, np.float32),
            "vu": np.zeros(hidden, np.float32),
            "vt": np.zeros(hidden, np.float32),
            "c": np.zeros(1, np.float32),
        }

    def forward(self, xu, xt):
        p = self.params
        au = xu @ p["W"] + p["b"]
        at = xt @ p["W"] + p["b"]
        hu, ht = np.clip(au, 0, 1), np.clip(at, 0, 1)
        out = hu @ p["vu"] + ht @ p["vt"] + p["c"][0]
        return out, (au, at, hu, ht)

    def backward(self, xu, xt, cache, dout):
        p = self.params
        au, at, hu, ht = cache
        dhu = np.outer(dout, p["vu"]) * ((au > 0) & (au < 1))
        dht = np.outer(dout, p["vt"]) * ((at > 0) & (at < 1))
        return {
            "W": xu.T @ dhu + xt.T @ dht,
            "b": dhu.sum(0) + dht.sum(0),
            "vu": hu.T @ dout,
            "vt": ht.T @ dout,
            "c": np.array([dout.sum()], np.float32),
        }


def quantised(path, hidden, xu, xt):
    """The engine's integer network NET on every record, in centipawns."""
    blob = np.fromfile(path, dtype="<i2").astype(np.int64)
    w = blob[:768 * hidden].reshape(768, hidden)
    rest = blob[768 * hidden:]
    b, vu, vt, c = rest[:hidden], rest[hidden:2 * hidden], rest[2 * hidden:3 * hidden], rest[-1]
    au = np.clip((xu.astype(np.int64) @ w) + b, 0, QA)
    at = np.clip((xt.astype(np.int64) @ w) + b, 0, QA)
    out = au @ vu + at @ vt
    # Rust's integer division rounds towards zero.
    return np.trunc(out * 100 / (QA * QB)).astype(np.int64) + c


def fit_m(gambit, target):
    best = None
    for m in np.arange(0.5, 2.0, 0.01):
        e = np.mean((sigmoid(LN10_400 * m * gambit) - target) ** 2)
        if best is None or e < best[0]:
            best = (e, m)
    return best[1], best[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="+")
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--batch", type=int, default=4096)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--l2", type=float, default=1e-6)
    ap.add_argument("--lam", type=float, default=0.0, help="weight of the game result")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out")
    ap.add_argument("--check", metavar="NET")
    args = ap.parse_args()
    if (args.out is None) == (args.check is None):
        ap.error("give --out or --check")

    parts = [np.fromfile(f, dtype=RECORD) for f in args.data]
    data = np.concatenate(parts)
    source = np.concatenate([np.full(len(p), i) for i, p in enumerate(parts)])
    held = (np.arange(len(data)) // BLOCK) % 10 == 0
    gambit = data["gambit"].astype(np.float32)
    target = (1 - args.lam) * sigmoid(LN10_400 * data["stockfish"].astype(np.float32))
    target += args.lam * data["result"].astype(np.float32) / 2
    xu, xt = features(data["pieces"], data["stm"])
    m, base_err = fit_m(gambit[~held], target[~held])
    held_base = np.mean((sigmoid(LN10_400 * m * gambit[held]) - target[held]) ** 2)
    print(f"{len(data)} records, {held.sum()} held out; m = {m:.2f}; "
          f"Gambit alone: train {base_err:.6f}, held out {held_base:.6f}", file=sys.stderr)

    if args.check:
        net = quantised(args.check, args.hidden, xu, xt)
        engine = data["whole"].astype(np.int64) - data["gambit"].astype(np.int64)
        wrong = np.count_nonzero(net != engine)
        err = np.mean((sigmoid(LN10_400 * m * (gambit[held] + net[held])) - target[held]) ** 2)
        print(f"{wrong} of {len(data)} records differ from the engine "
              f"(largest difference {np.abs(net - engine).max()} cp); "
              f"held out with NET {err:.6f}", file=sys.stderr)
        return 1 if wrong else 0

    rng = np.random.default_rng(args.seed)
    net = Net(args.hidden, rng)
    adam = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in net.params.items()}
    train_idx = np.flatnonzero(~held)
    hxu, hxt = xu[held], xt[held]
    # Scale of the network's output: its units are centipawns, its weights near 1.
    scale = 100.0
    best = (held_base, None)
    step = 0
    for epoch in range(args.epochs):
        rng.shuffle(train_idx)
        for start in range(0, len(train_idx), args.batch):
            idx = np.sort(train_idx[start:start + args.batch])
            bu, bt = xu[idx], xt[idx]
            out, cache = net.forward(bu, bt)
            pred = sigmoid(LN10_400 * m * (gambit[idx] + scale * out))
            derr = 2 * (pred - target[idx]) * pred * (1 - pred) * LN10_400 * m * scale
            grads = net.backward(bu, bt, cache, (derr / len(idx)).astype(np.float32))
            step += 1
            for k, g in grads.items():
                g = g + args.l2 * net.params[k]
                m1, m2 = adam[k]
                m1 *= 0.9
                m1 += 0.1 * g
                m2 *= 0.999
                m2 += 0.001 * g * g
                mh = m1 / (1 - 0.9 ** step)
                vh = m2 / (1 - 0.999 ** step)
                net.params[k] -= args.lr * mh / (np.sqrt(vh) + 1e-8)
        out, _ = net.forward(hxu, hxt)
        err = np.mean((sigmoid(LN10_400 * m * (gambit[held] + scale * out)) - target[held]) ** 2)
        mark = ""
        if err < best[0]:
            best = (err, {k: v.copy() for k, v in net.params.items()})
            mark = " *"
        print(f"epoch {epoch + 1}: held out {err:.6f}{mark}", file=sys.stderr, flush=True)

    if best[1] is None:
        print("the network never beat Gambit alone; nothing written", file=sys.stderr)
        return 1
    p = best[1]
    net.params = p
    out, _ = net.forward(hxu, hxt)
    for i, name in enumerate(args.data):
        mask = source[held] == i
        g, t = gambit[held][mask], target[held][mask]
        alone = np.mean((sigmoid(LN10_400 * m * g) - t) ** 2)
        with_net = np.mean((sigmoid(LN10_400 * m * (g + scale * out[mask])) - t) ** 2)
        print(f"{name}: {mask.sum()} held out, Gambit alone {alone:.6f}, with the network "
              f"{with_net:.6f}", file=sys.stderr)
    # Quantised: accumulators in 1/255, output weights in 1/64 (of `scale` cp), c in cp.
    parts = [
        np.round(p["W"] * QA), np.round(p["b"] * QA),
        np.round(p["vu"] * QB), np.round(p["vt"] * QB), np.round(p["c"] * scale),
    ]
    blob = np.concatenate([x.ravel() for x in parts])
    if np.abs(blob).max() > 32767:
        print("a weight does not fit in i16", file=sys.stderr)
        return 1
    blob.astype("<i2").tofile(args.out)
    print(f"best held out {best[0]:.6f} (Gambit alone {held_base:.6f}); wrote {args.out}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
