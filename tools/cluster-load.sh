#!/usr/bin/env bash
# The online load tool against the local cluster (`cargo xtask cluster`: PostgreSQL,
# Redis, three nodes, nginx), on loopback, bounded in games and time:
#
#   tools/cluster-load.sh [games] [seconds]     # default 1000 games, 60 s each run
#
# Two runs: both players of every game on node 1 (the bus carries nothing a player
# waits for), then white on node 1 and black and the spectators on node 2 (each move
# reaches the opponent through PostgreSQL and Redis). Prints the load tool's summary of
# each run, every node's memory, and PostgreSQL's commits a second.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-1000}
SECONDS_EACH=${2:-60}
OUT=${OUT:-target/cluster-load}
mkdir -p "$OUT"
cargo build --release -p gambit-online-load
cargo xtask cluster -- --create-per-minute 0 --max-sockets-per-client 0 \
    --max-connections 19000 >"$OUT/cluster.log" 2>&1 &
CLUSTER=$!
stop() { kill -INT "$CLUSTER" 2>/dev/null || true; wait "$CLUSTER" 2>/dev/null || true; }
trap stop EXIT
for _ in $(seq 1 600); do
    grep -q "Ctrl-C stops it all" "$OUT/cluster.log" && break
    kill -0 "$CLUSTER" 2>/dev/null || { cat "$OUT/cluster.log"; exit 1; }
    sleep 1
done
line=$(grep "Ctrl-C stops it all" "$OUT/cluster.log")
ports=$(sed -E 's/.*nodes \(127\.0\.0\.1:([0-9, ]+)\).*/\1/' <<<"$line" | tr -d ' ')
pg=$(sed -E 's/.*PostgreSQL \(([^)]+)\).*/\1/' <<<"$line")
IFS=, read -r one two _ <<<"$ports"
commits() { psql "$pg" -Atc "select xact_commit from pg_stat_database where datname = 'gambit'"; }
node_pid() { pgrep -f "gambit-server .*--port $1( |$)" | head -1; }
run() { # name, black's node
    local name=$1 black=$2 before after
    before=$(commits)
    local started=$SECONDS
    target/release/gambit-online-load --url "http://127.0.0.1:$one" \
        --black-url "http://127.0.0.1:$black" --origin http://127.0.0.1:8080 \
        --games "$GAMES" --ramp 200 --duration "$SECONDS_EACH" \
        --server-pid "$(node_pid "$one")" >"$OUT/$name.txt" 2>&1
    after=$(commits)
    echo "== $name: PostgreSQL $(( (after - before) / (SECONDS - started) )) commits a second"
    sed -n '/^summary/,$p' "$OUT/$name.txt"
    for port in ${ports//,/ }; do
        echo "node :$port RSS $(ps -o rss= -p "$(node_pid "$port")" | awk '{printf "%.0f MiB", $1/1024}')"
    done
}
run one-node "$one"
run two-nodes "$two"
