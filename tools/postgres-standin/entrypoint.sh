#!/bin/sh
# The stand-in's start (see Containerfile): on an empty data directory, initdb with the
# official image's variables (POSTGRES_PASSWORD_FILE included); then PostgreSQL itself as PID 1, listening on every address.
set -eu
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
# As the official image: the password, or a file holding it (a compose secret), not both.
if [ -n "${POSTGRES_PASSWORD_FILE:-}" ]; then
  [ -z "${POSTGRES_PASSWORD:-}" ] || { echo "set POSTGRES_PASSWORD or POSTGRES_PASSWORD_FILE, not both" >&2; exit 1; }
  POSTGRES_PASSWORD=$(cat "$POSTGRES_PASSWORD_FILE")
fi
: "${POSTGRES_PASSWORD:?the official image needs POSTGRES_PASSWORD or POSTGRES_PASSWORD_FILE too}"
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
chown postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp) && printf '%s' "$POSTGRES_PASSWORD" > "$pwfile" && chown postgres "$pwfile"
  as_postgres initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" \
    --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  as_postgres pg_ctl -D "$PGDATA" -w -o "-c listen_addresses=''" start >/dev/null
  if [ "$POSTGRES_DB" != postgres ]; then
    as_postgres createdb -U "$POSTGRES_USER" "$POSTGRES_DB"
  fi
  as_postgres pg_ctl -D "$PGDATA" -w -m fast stop >/dev/null
  echo "stand-in: database $POSTGRES_DB initialised for $POSTGRES_USER"
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA" -c listen_addresses='*'
