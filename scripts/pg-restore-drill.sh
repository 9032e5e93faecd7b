#!/usr/bin/env bash
# Restore drill for PostgreSQL (docs/deployment.md, "Backups"; docs/decisions/0035).
#
#   scripts/pg-restore-drill.sh DATABASE_URL [DUMP_FILE]
#
# Restores DUMP_FILE (a `pg_dump --format=custom`, as `npm run db:backup` writes), or a fresh
# dump of DATABASE_URL when none is given, into a NEW database on the same server, then checks
# what the store needs is there: its migrations, orders and the job queue's schema. It never
# touches the database it dumps. The last line is the restored database's URL, for a server to
# start on (the drill's last step) or for DATABASE_URL after a real restore.
#
# DATABASE_URL is the store's: `?schema=name` selects its schema (the job queue's is
# `name_jobs`); without it the store uses `public` and pg-boss `pgboss`, and the whole database
# is dumped. DRILL_DATABASE names the new database (default store_drill_<time>).
# Needs pg_dump, pg_restore and psql of the server's major version, and the right to create a
# database. Drop the drill's database afterwards: psql URL -c 'drop database NAME'.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
  echo "usage: $0 DATABASE_URL [DUMP_FILE]" >&2
  exit 2
fi
source_url=$1
dump_file=${2:-}

# libpq refuses our `schema` parameter: take it out, keep any other (sslmode...).
schema=$(sed -nE 's/.*[?&]schema=([^&]*).*/\1/p' <<<"$source_url")
server_url=$(sed -E 's/([?&])schema=[^&]*&?/\1/; s/[?&]$//' <<<"$source_url")
if [[ -n $schema && ! $schema =~ ^[a-z_][a-z0-9_]{0,62}$ ]]; then
  echo "schema must be a lowercase identifier: $schema" >&2
  exit 2
fi
app_schema=${schema:-public}
jobs_schema=${schema:+${schema}_jobs}
jobs_schema=${jobs_schema:-pgboss}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ -z $dump_file ]]; then
  dump_file=$work/store.dump
  schema_args=()
  [[ -n $schema ]] && schema_args=(--schema="$app_schema" --schema="$jobs_schema")
  pg_dump --format=custom --no-owner --no-privileges "${schema_args[@]}" --file="$dump_file" "$server_url"
  echo "dumped $(du -h "$dump_file" | cut -f1) from the source" >&2
fi

target=${DRILL_DATABASE:-store_drill_$(date -u +%Y%m%d%H%M%S)_$$}
if [[ ! $target =~ ^[a-z_][a-z0-9_]{0,62}$ ]]; then
  echo "DRILL_DATABASE must be a lowercase identifier: $target" >&2
  exit 2
fi
# The same server and credentials, the new database's name in place of the old one's.
target_url=$(sed -E "s#^(postgres(ql)?://[^/]+/)[^?]*#\1${target}#" <<<"$server_url")

psql --quiet --no-psqlrc -v ON_ERROR_STOP=1 "$server_url" -c "create database \"$target\""
# The order search's trigram indexes name public.gin_trgm_ops (migration 0012): a dump of the
# store's schema alone does not carry the extension, which lives in public.
psql --quiet --no-psqlrc "$target_url" -c 'create extension if not exists pg_trgm with schema public' >/dev/null ||
  echo "warning: pg_trgm could not be installed; the order search's indexes will fail to restore" >&2

started=$(date +%s%N)
pg_restore --no-owner --no-privileges --exit-on-error --dbname="$target_url" "$dump_file"
elapsed_ms=$((($(date +%s%N) - started) / 1000000))

check() { psql --quiet --no-psqlrc -At -v ON_ERROR_STOP=1 "$target_url" -c "$1"; }
migrations=$(check "select count(*) || ' (last ' || max(name) || ')' from \"$app_schema\".kysely_migration")
orders=$(check "select count(*) || ' orders, ' || coalesce(sum(total) filter (where status = 'paid'), 0) || ' cents paid' from \"$app_schema\".orders")
products=$(check "select count(*) from \"$app_schema\".products")
jobs=$(check "select count(*) from information_schema.tables where table_schema = '$jobs_schema'")
echo "restored into $target in ${elapsed_ms} ms: migrations $migrations; $orders; $products products; $jobs job queue tables" >&2
if [[ $jobs -eq 0 ]]; then
  echo "warning: no job queue tables in $jobs_schema (the server makes them at start; queued jobs are lost)" >&2
fi

if [[ -n $schema ]]; then
  echo "${target_url}$([[ $target_url == *\?* ]] && echo '&' || echo '?')schema=${schema}"
else
  echo "$target_url"
fi
