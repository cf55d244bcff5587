"""Load run for stockfish-rest: N requests, C at a time, some with bad FENs.

Usage: python3 tools/rest-load.py [--base http://127.0.0.1:8090] [--requests 200]
       [--concurrency 8] [--depth 10]
Prints status counts and latency percentiles; exits non-zero if the server stopped
answering (connection refused / reset) at any point.
"""
import argparse
import concurrent.futures
import json
import random
import time
import urllib.error
import urllib.parse
import urllib.request

GOOD = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8",
    "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
]
BAD = ["nonsense", "8/8/8/8/8/8/8/8 w - - 0 1", "K6K/8/8/8/8/8/8/k7 w - - 0 1", ""]


def one(base, fen, depth):
    url = f"{base}/api/s/v2.php?" + urllib.parse.urlencode({"fen": fen, "depth": depth})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            status, body = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, body = error.code, error.read()
    except (urllib.error.URLError, ConnectionError) as error:
        return ("down", time.monotonic() - started, str(error))
    try:
        success = json.loads(body).get("success")
    except ValueError:
        success = "not json"
    return (status, time.monotonic() - started, success)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", default="http://127.0.0.1:8090")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--depth", type=int, default=10)
    args = parser.parse_args()
    rng = random.Random(1)
    jobs = [rng.choice(BAD) if i % 5 == 0 else rng.choice(GOOD) for i in range(args.requests)]
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
        results = list(pool.map(lambda fen: one(args.base, fen, args.depth), jobs))
    wall = time.monotonic() - started
    counts = {}
    for status, _, success in results:
        counts[(status, success)] = counts.get((status, success), 0) + 1
    latencies = sorted(latency for status, latency, _ in results if status == 200)
    pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000
    print(f"{args.requests} requests, {args.concurrency} concurrent, depth {args.depth}, {wall:.1f} s")
    for (status, success), n in sorted(counts.items(), key=str):
        print(f"  HTTP {status} success={success}: {n}")
    if latencies:
        print(f"  200 latency ms: p50 {pick(0.5):.0f}, p90 {pick(0.9):.0f}, p99 {pick(0.99):.0f}, max {latencies[-1]*1000:.0f}")
    down = sum(1 for status, _, _ in results if status == "down")
    print(f"  connection failures: {down}")
    raise SystemExit(1 if down else 0)


if __name__ == "__main__":
    main()
