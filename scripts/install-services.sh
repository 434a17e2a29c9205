#!/usr/bin/env bash
# Install and start what the end-to-end tests need: Dovecot (IMAP + LMTP), OpenSSL, PostgreSQL,
# and Chromium for the archive screenshot test. Safe to run again. Needs root (or sudo) to install.
set -euo pipefail

# --mail-only: just what `pbem demo` needs (Dovecot and OpenSSL).
mail_only=0
[ "${1:-}" = "--mail-only" ] && mail_only=1

need_apt=()
command -v dovecot >/dev/null 2>&1 || need_apt+=(dovecot-imapd dovecot-lmtpd)
[ -x /usr/lib/dovecot/lmtp ] || need_apt+=(dovecot-lmtpd)
command -v openssl >/dev/null 2>&1 || need_apt+=(openssl)
if [ "$mail_only" = 0 ]; then
  command -v pg_ctlcluster >/dev/null 2>&1 || need_apt+=(postgresql)
  [ -d /usr/lib/python3.11/test/test_email/data ] || need_apt+=(libpython3.11-testsuite)
  command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
fi

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }

if [ ${#need_apt[@]} -gt 0 ]; then
  echo "installing: ${need_apt[*]}"
  as_root apt-get update -qq || true
  # Optional packages may be missing on some releases: install one by one, never fail the run here.
  for pkg in "${need_apt[@]}"; do
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$pkg" >/dev/null \
      || echo "warning: could not install $pkg"
  done
fi

# Dovecot's package may start a system instance on the standard ports; the tests run their own.
as_root systemctl disable --now dovecot >/dev/null 2>&1 || true

[ "$mail_only" = 1 ] && { echo "mail services ready"; exit 0; }

# PostgreSQL: start the cluster if it is installed but down, and allow trust on loopback for tests.
if command -v pg_ctlcluster >/dev/null 2>&1; then
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1 || true)
  if [ -n "$version" ]; then
    if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
      as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
    fi
    if ! psql -h 127.0.0.1 -U postgres -d postgres -Atc 'select 1' >/dev/null 2>&1; then
      hba="/etc/postgresql/$version/main/pg_hba.conf"
      if [ -f "$hba" ] && ! grep -q "pbem-tests" "$hba"; then
        as_root sed -i '1i host all postgres 127.0.0.1/32 trust # pbem-tests' "$hba" || true
        as_root pg_ctlcluster --skip-systemctl-redirect "$version" main reload || true
      fi
    fi
  fi
fi
echo "services ready"
