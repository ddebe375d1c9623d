#!/bin/sh
# Prepares a Debian host for deploy/balkan-vozaci@.service (docs/operations.md "Installing"): the
# system user and group `balkan`, and the directories the unit names, with modes that keep the
# data, the backups (password hashes, e-mail addresses, server secrets) and the environment file
# (database password, API keys) to the service alone. Safe to run again. As root, from the
# release's directory:
#   sh deploy/setup-host.sh
# The paths and the user are those of deploy/balkan-vozaci@.service and deploy/balkan-vozaci.env;
# each may be overridden from the environment (BV_USER, BV_APP_DIR, BV_DATA_DIR, BV_BACKUP_DIR,
# BV_CONFIG_DIR, BV_NGINX_CACHE_DIR, BV_NGINX_LOG_DIR) — the deployment test runs it so, in a
# directory of its own — but the unit must then be changed to match.
set -eu

SERVICE_USER="${BV_USER:-balkan}"
APP_DIR="${BV_APP_DIR:-/srv/balkan-vozaci}"
DATA_DIR="${BV_DATA_DIR:-/var/lib/balkan-vozaci}"
BACKUP_DIR="${BV_BACKUP_DIR:-/var/backups/balkan-vozaci}"
CONFIG_DIR="${BV_CONFIG_DIR:-/etc/balkan-vozaci}"
NGINX_CACHE_DIR="${BV_NGINX_CACHE_DIR:-/var/cache/nginx}"
NGINX_LOG_DIR="${BV_NGINX_LOG_DIR:-/var/log/nginx}"
HERE="$(cd "$(dirname "$0")" && pwd)"

if [ "$(id -u)" -ne 0 ]; then
  echo "setup-host.sh: run as root" >&2
  exit 1
fi

getent group "$SERVICE_USER" >/dev/null || groupadd --system "$SERVICE_USER"
getent passwd "$SERVICE_USER" >/dev/null ||
  useradd --system --gid "$SERVICE_USER" --home-dir "$DATA_DIR" --no-create-home --shell /usr/sbin/nologin "$SERVICE_USER"

# The release itself: readable by the service, writable by root only.
install -d -o root -g root -m 0755 "$APP_DIR"
# DATA_DIR (the outbox, local media, upload temp files) and the nightly backups: the service only.
install -d -o "$SERVICE_USER" -g "$SERVICE_USER" -m 0700 "$DATA_DIR" "$BACKUP_DIR"
# An existing one (made before, by hand) is made the service's own and private too.
chown "$SERVICE_USER:$SERVICE_USER" "$DATA_DIR" "$BACKUP_DIR"
chmod 0700 "$DATA_DIR" "$BACKUP_DIR"
# The environment file: read by systemd (root) when it starts the unit.
install -d -o root -g root -m 0700 "$CONFIG_DIR"
if [ ! -f "$CONFIG_DIR/balkan-vozaci.env" ]; then
  install -o root -g root -m 0600 "$HERE/balkan-vozaci.env" "$CONFIG_DIR/balkan-vozaci.env"
  echo "wrote $CONFIG_DIR/balkan-vozaci.env: replace every CHANGE-ME before starting"
fi
chown root:root "$CONFIG_DIR/balkan-vozaci.env"
chmod 0600 "$CONFIG_DIR/balkan-vozaci.env"
# nginx's cache of pages (deploy/nginx-site.conf proxy_cache_path) and its logs.
install -d -m 0755 "$NGINX_CACHE_DIR"
install -d -m 0755 "$NGINX_LOG_DIR"

echo "host ready: user $SERVICE_USER, $APP_DIR, $DATA_DIR (0700), $BACKUP_DIR (0700), $CONFIG_DIR (0700)"
