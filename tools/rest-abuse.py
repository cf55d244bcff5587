"""Load and abuse run for stockfish-rest, as a public server would meet it.

Usage: python3 tools/rest-abuse.py [--server target/release/stockfish-rest]
       [--port 8095] [--requests 2000] [--concurrency 32] [--depth 10]
       [--slow-clients 200] [--flood 600] [-- extra server flags]

Starts the server (its defaults plus any extra flags, in front of Debian's Stockfish),
then runs three phases:
  1. load: REQUESTS analysis requests, CONCURRENCY at a time, one in five with a bad
     FEN; each request comes from its own loopback address (127.1.x.y), as from as many
     players, so the rate limit does not count them together;
  2. slow clients: SLOW_CLIENTS connections that trickle a request's headers, one byte
     a second, while another client asks for analyses;
  3. flood: one client sends FLOOD requests as fast as 8 threads can, far above the
     rate limit, while another client asks for analyses.
Prints per phase the answers by status and reason and the p50/p99 latency of the
answered requests; then whether the server stayed up, its peak RSS (VmHWM) and the
Stockfish processes' RSS, and how many request lines it logged.
Exits 1 if the server died or a good client of phase 2 or 3 went unserved.
Linux only (source addresses across 127.0.0.0/8, /proc).
"""
import argparse
import collections
import http.client
import json
import os
import random
import re
import select
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

GOOD = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8",
    "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
]
BAD = [
    "nonsense",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "K6K/8/8/8/8/8/8/k7 w - - 0 1",
    "",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\ngo infinite",
    "x" * 1500,
]


def path_for(fen, depth):
    return "/api/s/v2.php?" + urllib.parse.urlencode({"fen": fen, "depth": depth})


def request(port, source, path, timeout=60.0):
    """One GET from `source`; returns (status or 'error', reason, seconds)."""
    started = time.monotonic()
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=timeout, source_address=(source, 0)
    )
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        body = response.read()
        status = response.status
    except (OSError, http.client.HTTPException) as error:
        return ("error", type(error).__name__, time.monotonic() - started)
    finally:
        connection.close()
    reason = "-"
    try:
        answer = json.loads(body)
        if not answer.get("success"):
            reason = re.sub(r"\d+", "N", str(answer.get("data")))
            reason = reason.split(":")[0] if status == 400 else reason
    except ValueError:
        reason = "not JSON" if body else "-"
    return (status, reason, time.monotonic() - started)


def summary(name, results, wall):
    counts = collections.Counter((status, reason) for status, reason, _ in results)
    answered = sorted(seconds for status, _, seconds in results if status != "error")
    good = sorted(seconds for status, _, seconds in results if status == 200)
    print(f"{name}: {len(results)} requests in {wall:.1f} s")
    for (status, reason), n in sorted(counts.items(), key=lambda item: str(item[0])):
        print(f"  {status} {reason}: {n}")

    def pick(values, q):
        return values[min(len(values) - 1, int(q * len(values)))] * 1000

    for label, values in (("answered", answered), ("200", good)):
        if values:
            print(f"  {label} latency ms: p50 {pick(values, 0.5):.0f}, "
                  f"p99 {pick(values, 0.99):.0f}, max {values[-1] * 1000:.0f}")


def load_phase(port, args):
    rng = random.Random(1)
    jobs = [(rng.choice(BAD) if i % 5 == 0 else rng.choice(GOOD)) for i in range(args.requests)]
    queue = collections.deque(enumerate(jobs))
    lock = threading.Lock()
    results = []

    def worker():
        while True:
            with lock:
                if not queue:
                    return
                index, fen = queue.popleft()
            source = f"127.1.{index // 250}.{index % 250 + 1}"
            result = request(port, source, path_for(fen, args.depth))
            with lock:
                results.append(result)

    started = time.monotonic()
    threads = [threading.Thread(target=worker) for _ in range(args.concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    summary("1. load", results, time.monotonic() - started)
    return results


class GoodClient(threading.Thread):
    """Asks for an analysis every `every` seconds from its own address until stopped."""

    def __init__(self, port, source, depth, every=1.0):
        super().__init__()
        self.port, self.source, self.depth, self.every = port, source, depth, every
        self.results = []
        self.stopped = threading.Event()

    def run(self):
        while not self.stopped.is_set():
            self.results.append(request(self.port, self.source, path_for(GOOD[0], self.depth)))
            self.stopped.wait(self.every)


def slow_phase(port, args):
    sockets = {}
    opened = time.monotonic()
    for i in range(args.slow_clients):
        s = socket.socket()
        s.bind((f"127.0.1.{1 + i % 250}", 0))
        s.connect(("127.0.0.1", port))
        s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        s.setblocking(False)
        sockets[s] = opened
    good = GoodClient(port, "127.0.3.1", args.depth)
    good.start()
    closed_after = []
    deadline = opened + 60
    while sockets and time.monotonic() < deadline:
        readable, _, _ = select.select(list(sockets), [], [], 1.0)
        for s in readable:
            try:
                data = s.recv(4096)
            except OSError:
                data = b""
            if not data:
                closed_after.append(time.monotonic() - sockets.pop(s))
                s.close()
        for s in list(sockets):
            try:
                s.send(b"X")
            except OSError:
                closed_after.append(time.monotonic() - sockets.pop(s))
                s.close()
    still_open = len(sockets)
    for s in sockets:
        s.close()
    good.stopped.set()
    good.join()
    closed_after.sort()
    print(f"2. slow clients: {args.slow_clients} trickling headers; closed by the server: "
          f"{len(closed_after)}, still open after 60 s: {still_open}")
    if closed_after:
        print(f"  closed after s: min {closed_after[0]:.1f}, "
              f"median {closed_after[len(closed_after) // 2]:.1f}, max {closed_after[-1]:.1f}")
    summary("  good client meanwhile", good.results, time.monotonic() - opened)
    return still_open == 0 and all(status == 200 for status, _, _ in good.results)


def flood_phase(port, args):
    good = GoodClient(port, "127.0.4.2", args.depth, every=0.5)
    good.start()
    remaining = [args.flood]
    lock = threading.Lock()
    results = []

    def flooder():
        while True:
            with lock:
                if remaining[0] == 0:
                    return
                remaining[0] -= 1
            result = request(port, "127.0.4.1", path_for(GOOD[1], args.depth))
            with lock:
                results.append(result)

    started = time.monotonic()
    threads = [threading.Thread(target=flooder) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    good.stopped.set()
    good.join()
    summary("3. flood from one client", results, time.monotonic() - started)
    summary("  good client meanwhile", good.results, time.monotonic() - started)
    return all(status == 200 for status, _, _ in good.results)


def rss_kib(pid, field):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def children(pid):
    """The child processes of every thread of `pid`."""
    found = []
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for thread in threads:
        try:
            with open(f"/proc/{pid}/task/{thread}/children") as text:
                found += [int(child) for child in text.read().split()]
        except OSError:
            pass
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", default="target/release/stockfish-rest")
    parser.add_argument("--port", type=int, default=8095)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--slow-clients", type=int, default=200)
    parser.add_argument("--flood", type=int, default=600)
    parser.add_argument("server_flags", nargs="*", help="extra flags for the server")
    args = parser.parse_args()
    log = tempfile.NamedTemporaryFile(prefix="rest-abuse-", suffix=".log", delete=False)
    command = [args.server, "--port", str(args.port), *args.server_flags]
    print("server:", " ".join(command), "(log:", log.name + ")")
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
    for _ in range(100):
        if request(args.port, "127.0.0.2", "/health", timeout=1)[0] == 200:
            break
        time.sleep(0.1)
    else:
        print("the server did not start")
        server.kill()
        sys.exit(1)
    peak_rss = [0]
    sampling = threading.Event()

    def sample():
        while not sampling.wait(0.2):
            peak_rss[0] = max(peak_rss[0], rss_kib(server.pid, "VmRSS") or 0)

    sampler = threading.Thread(target=sample)
    sampler.start()
    ok = True
    try:
        load_phase(args.port, args)
        ok &= slow_phase(args.port, args)
        ok &= flood_phase(args.port, args)
    finally:
        sampling.set()
        sampler.join()
        alive = server.poll() is None
        health = request(args.port, "127.0.0.3", "/health", timeout=5)[0] if alive else None
        hwm = rss_kib(server.pid, "VmHWM")
        engines = [rss_kib(child, "VmRSS") or 0 for child in children(server.pid)]
        server.terminate()
        server.wait()
        log.close()
    with open(log.name) as text:
        logged = collections.Counter(
            match.group(1) for match in re.finditer(r"status=(\d+)", text.read())
        )
    print(f"server: {'up' if alive else 'DIED'} at the end (health {health}), "
          f"exit on SIGTERM {server.returncode}")
    print(f"  peak RSS (VmHWM) {hwm} KiB, sampled max {peak_rss[0]} KiB; "
          f"{len(engines)} Stockfish processes, {sum(engines)} KiB together")
    print("  request log lines by status:",
          ", ".join(f"{status}: {n}" for status, n in sorted(logged.items())))
    sys.exit(0 if alive and ok else 1)


if __name__ == "__main__":
    main()
