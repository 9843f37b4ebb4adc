#!/bin/sh
# One-shot setup of the Temporal cluster's PostgreSQL schemas (temporalio/admin-tools).
# Safe to re-run: create and setup-schema fail harmlessly once done; update-schema
# brings both schemas to the image's version.
set -eu
SQL="temporal-sql-tool --plugin postgres12 --ep temporal-postgresql -u temporal -p 5432"
until nc -z temporal-postgresql 5432; do sleep 1; done
for db in temporal temporal_visibility; do
  $SQL --db "$db" create || true
  $SQL --db "$db" setup-schema -v 0.0 || true
done
$SQL --db temporal update-schema -d /etc/temporal/schema/postgresql/v12/temporal/versioned
$SQL --db temporal_visibility update-schema -d /etc/temporal/schema/postgresql/v12/visibility/versioned
