#!/bin/sh
# Runs deploy/nginx.conf as the current user, in the foreground, with every file it
# writes under target/nginx/<port>/: `deploy/nginx-local.sh [dir] [port] [game-port]` serves
# dir (default dist/) at http://127.0.0.1:port (default 8081), in front of a game server
# (gambit-server) at 127.0.0.1:game-port (default 8070, as in the file). Only the
# `listen`, `root` and game server lines of the configuration are changed; the
# end-to-end tests (tests/e2e/nginx.spec.ts) use it.
set -eu
cd "$(dirname "$0")/.."
dir=$(realpath "${1:-dist}")
port=${2:-8081}
game_port=${3:-8070}
prefix=$(pwd)/target/nginx/$port
mkdir -p "$prefix/logs" "$prefix/temp"
sed -e "s|^    listen 80;|    listen 127.0.0.1:$port;|" \
    -e "s|^    root /var/www/gambit;|    root $dir;|" \
    -e "s|^    server 127.0.0.1:8070;|    server 127.0.0.1:$game_port;|" \
    deploy/nginx.conf > "$prefix/gambit.conf"
grep -q "listen 127.0.0.1:$port;" "$prefix/gambit.conf"
grep -q "server 127.0.0.1:$game_port;" "$prefix/gambit.conf"
cat > "$prefix/nginx.conf" <<CONF
worker_processes 1;
pid $prefix/nginx.pid;
error_log stderr warn;
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    access_log off;
    client_body_temp_path $prefix/temp/body;
    proxy_temp_path $prefix/temp/proxy;
    fastcgi_temp_path $prefix/temp/fastcgi;
    uwsgi_temp_path $prefix/temp/uwsgi;
    scgi_temp_path $prefix/temp/scgi;
    include $prefix/gambit.conf;
}
CONF
exec nginx -p "$prefix" -c "$prefix/nginx.conf" -e stderr -g 'daemon off;'
