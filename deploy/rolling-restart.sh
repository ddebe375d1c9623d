#!/bin/sh
# A release without a failed request (docs/operations.md "Releases", decision 227): each app
# process in turn is taken out of nginx's rotation, stopped with SIGTERM (it drains), started
# again, and put back once it answers /readyz. Taking it out first matters: a process closing its
# listening socket resets the connections still queued on it, and nginx never retries a POST it
# has sent — so nginx must stop opening connections to it before it stops.
#
#   sh deploy/rolling-restart.sh              # every port of the upstream, one after the other
#   sh deploy/rolling-restart.sh 3001 3002    # these
#   sh deploy/rolling-restart.sh out 3001     # only take 3001 out of the rotation (and `in` back)
#
# Settings (environment): SITE (the nginx site file: /etc/nginx/sites-available/balkan-vozaci),
# NGINX (the nginx command, "nginx"), RESTART (the command that restarts one port, with %p for
# the port: "systemctl restart balkan-vozaci@%p"), SETTLE_SECONDS (how long nginx's old workers
# get to finish their requests after a reload: 3). The deployment test runs `out` and `in`.
set -eu

SITE="${SITE:-/etc/nginx/sites-available/balkan-vozaci}"
NGINX="${NGINX:-nginx}"
RESTART="${RESTART:-systemctl restart balkan-vozaci@%p}"
SETTLE_SECONDS="${SETTLE_SECONDS:-3}"

say() { echo "rolling-restart: $*"; }

reload_nginx() {
  $NGINX -t -q
  $NGINX -s reload
  # The new workers take the new rotation at once; the old ones finish what they are sending
  # (and close their kept-alive connections to the app) before they exit.
  sleep "$SETTLE_SECONDS"
}

# Marks the upstream line of port $1 `down` (out) or not (in), then reloads nginx.
set_rotation() {
  port="$2"
  grep -Eq "^[[:space:]]*server 127\.0\.0\.1:$port[[:space:];]" "$SITE" ||
    { say "no upstream line for port $port in $SITE" >&2; exit 1; }
  if [ "$1" = out ]; then
    sed -i -E "s/^([[:space:]]*server 127\.0\.0\.1:$port[[:space:]][^;]*[^;[:space:]])( down)?;/\1 down;/" "$SITE"
  else
    sed -i -E "s/^([[:space:]]*server 127\.0\.0\.1:$port[[:space:]][^;]*) down;/\1;/" "$SITE"
  fi
  reload_nginx
  say "port $port $1 of nginx's rotation"
}

wait_ready() {
  tries=0
  until curl -fsS "http://127.0.0.1:$1/readyz" >/dev/null 2>&1; do
    tries=$((tries + 1))
    if [ "$tries" -gt 120 ]; then say "port $1 not ready after 2 minutes: left out of the rotation" >&2; exit 1; fi
    sleep 1
  done
}

case "${1:-}" in
  out | in)
    set_rotation "$1" "$2"
    exit 0
    ;;
esac

ports="$*"
if [ -z "$ports" ]; then
  ports="$(sed -n -E 's/^[[:space:]]*server 127\.0\.0\.1:([0-9]+).*/\1/p' "$SITE")"
fi
for port in $ports; do
  set_rotation out "$port"
  say "restarting port $port"
  sh -c "$(echo "$RESTART" | sed "s/%p/$port/g")"
  wait_ready "$port"
  set_rotation in "$port"
done
say "done: $(echo $ports)"
