#!/bin/sh
# Install pbem as a service on a fresh Debian host: run as root from a pbem checkout.
#
#   PBEM_IMAP_URL='imaps://referee:PASSWORD@mail.example.org/INBOX' \
#   PBEM_SMTP_URL='smtp://referee:PASSWORD@mail.example.org:587?starttls=1' \
#   sh cron/install.sh --referee referee@example.org [--cron]
#
# Creates the system user `pbem` (home /srv/pbem), a virtual environment with pbem in it,
# /srv/pbem/pbem.toml with the mail settings (passwords in /srv/pbem/secrets, mode 0600), and
# either the systemd timer (the default; logs go to the journal) or, with --cron, a crontab
# line for the pbem user with /var/log/pbem and log rotation. Safe to run again.
set -eu

home=/srv/pbem
mode=systemd
referee=""
while [ $# -gt 0 ]; do
  case "$1" in
    --referee) referee="$2"; shift 2 ;;
    --cron) mode=cron; shift ;;
    --systemd) mode=systemd; shift ;;
    *) echo "usage: PBEM_IMAP_URL=… PBEM_SMTP_URL=… $0 --referee ADDRESS [--cron]" >&2; exit 2 ;;
  esac
done
[ -n "$referee" ] || { echo "give --referee ADDRESS" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "run as root" >&2; exit 2; }
source_dir=$(cd "$(dirname "$0")/.." && pwd)

packages="python3 python3-venv"
[ "$mode" = cron ] && packages="$packages cron logrotate"
apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $packages

id pbem >/dev/null 2>&1 || useradd --system --home-dir "$home" --shell /usr/sbin/nologin pbem
install -d -o pbem -g pbem -m 0750 "$home"
# The code belongs to root: the service reads it but cannot change it.
# Debian's own interpreter: one installed under a login's home may be unreadable to pbem.
[ -x "$home/.venv/bin/python" ] || /usr/bin/python3 -m venv "$home/.venv"
"$home/.venv/bin/pip" install --quiet --upgrade "$source_dir"

# pbem init reads PBEM_IMAP_URL and PBEM_SMTP_URL from the environment and keeps them in
# 0600 files; an existing pbem.toml is left as it is.
runuser -u pbem -- env PBEM_IMAP_URL="${PBEM_IMAP_URL:-}" PBEM_SMTP_URL="${PBEM_SMTP_URL:-}" \
  "$home/.venv/bin/pbem" init "$home" --referee-address "$referee"

if [ "$mode" = systemd ]; then
  install -m 0644 "$source_dir/cron/pbem-tick.service" "$source_dir/cron/pbem-tick.timer" \
    /etc/systemd/system/
  systemctl daemon-reload
  systemctl enable --now pbem-tick.timer
  echo "pbem installed: systemctl list-timers pbem-tick.timer; journalctl -u pbem-tick"
else
  install -d -o pbem -g pbem -m 0750 /var/log/pbem
  install -m 0644 "$source_dir/cron/pbem.logrotate" /etc/logrotate.d/pbem
  crontab -u pbem "$source_dir/cron/crontab"
  systemctl enable --now cron 2>/dev/null || service cron start
  echo "pbem installed: crontab -u pbem -l; tail -f /var/log/pbem/tick.log"
fi
