#!/bin/sh
# Prepares a Debian host for deploy/balkan-vozaci@.service (docs/operations.md "Installing"): the
# system user and group `balkan`, and the directories the unit names, with modes that keep the
# data, the backups (password hashes, e-mail addresses, server secrets) and the environment file
# (database password, API keys) to the service alone. Safe to run again. As root, from the
# release's directory:
#   sh deploy/setup-host.sh
set -eu

APP_DIR="${APP_DIR:-/srv/balkan-vozaci}"
DATA_DIR=/var/lib/balkan-vozaci
BACKUP_DIR=/var/backups/balkan-vozaci
CONFIG_DIR=/etc/balkan-vozaci
HERE="$(cd "$(dirname "$0")" && pwd)"

if [ "$(id -u)" -ne 0 ]; then
  echo "setup-host.sh: run as root" >&2
  exit 1
fi

getent group balkan >/dev/null || groupadd --system balkan
getent passwd balkan >/dev/null ||
  useradd --system --gid balkan --home-dir "$DATA_DIR" --no-create-home --shell /usr/sbin/nologin balkan

# The release itself: readable by the service, writable by root only.
install -d -o root -g root -m 0755 "$APP_DIR"
# DATA_DIR (the outbox, local media, upload temp files) and the nightly backups: the service only.
install -d -o balkan -g balkan -m 0700 "$DATA_DIR" "$BACKUP_DIR"
# The environment file: read by systemd (root) when it starts the unit.
install -d -o root -g root -m 0700 "$CONFIG_DIR"
if [ ! -f "$CONFIG_DIR/balkan-vozaci.env" ]; then
  install -o root -g root -m 0600 "$HERE/balkan-vozaci.env" "$CONFIG_DIR/balkan-vozaci.env"
  echo "wrote $CONFIG_DIR/balkan-vozaci.env: replace every CHANGE-ME before starting"
fi
# nginx's cache of pages (deploy/nginx-site.conf proxy_cache_path) and its logs.
install -d -m 0755 /var/cache/nginx
install -d -m 0755 /var/log/nginx

echo "host ready: user balkan, $APP_DIR, $DATA_DIR (0700), $BACKUP_DIR (0700), $CONFIG_DIR (0700)"
