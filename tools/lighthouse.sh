#!/bin/sh
# Lighthouse 12.2.3, mobile preset (its default: a mid-range phone on a slow 4G link,
# simulated), in Debian's Chromium, on the release build served as a static host serves
# it (precompressed, SPA fallback, cache headers: xtask/src/serve.mjs). Runs each of /,
# /friend, /computer and /analysis RUNS times (default 3) and prints the medians of the
# performance, accessibility, best-practices and SEO scores, LCP, total blocking time and
# CLS.
#
#   tools/lighthouse.sh            # cargo xtask build, then measure dist/
#   tools/lighthouse.sh some/dir   # measure a build made elsewhere (no build)
#
# Lighthouse is installed on demand into target/lighthouse/ from tools/lighthouse/'s
# lockfile, so that the tests' `npm ci` does not carry it. Timings: not a CI gate.
set -eu
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
port=${PORT:-4180}
if [ $# -ge 1 ]; then
  dir=$1
else
  cargo xtask build
  dir=dist
fi

tool=target/lighthouse
if ! cmp -s tools/lighthouse/package-lock.json "$tool/package-lock.json" ||
  [ ! -x "$tool/node_modules/.bin/lighthouse" ]; then
  mkdir -p "$tool"
  cp tools/lighthouse/package.json tools/lighthouse/package-lock.json "$tool/"
  npm ci --prefix "$tool" --no-audit --no-fund
fi

node xtask/src/serve.mjs "$dir" "$port" > /dev/null &
server=$!
trap 'kill "$server" 2> /dev/null' EXIT
trap 'exit 130' INT TERM
for _ in $(seq 50); do
  curl -fs "http://127.0.0.1:$port/" > /dev/null && break
  sleep 0.2
done

# One directory per port: runs on other ports (other builds) keep their reports.
out=target/lighthouse/reports-$port
rm -rf "$out" && mkdir -p "$out"
reports=""
for route in / /friend /computer /analysis; do
  name=$(echo "$route" | tr -d / | sed 's/^$/home/')
  for run in $(seq "$runs"); do
    report="$out/$name-$run.json"
    CHROME_PATH=/usr/bin/chromium "$tool/node_modules/.bin/lighthouse" \
      "http://127.0.0.1:$port$route" \
      --quiet --output=json --output-path="$report" \
      --only-categories=performance,accessibility,best-practices,seo \
      --chrome-flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
--disable-background-networking --disable-component-update --disable-sync"
    reports="$reports $route=$report"
  done
done
# shellcheck disable=SC2086 # one argument per report
node tools/lighthouse/summary.mjs $reports
