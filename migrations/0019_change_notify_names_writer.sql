-- The change notifications of migration 0002 now say which writer committed: the payload is the
-- writing connection's dl.writer setting (each server instance sets its own on its pooled
-- connections, server/db/client.ts), empty for any other writer (psql, the CLI, PGlite). An
-- instance ignores its own: its write tracking already moved its read cache when the commit
-- completed (server/db/write-tracking.ts, docs/decisions/041-a-transaction-moves-the-read-cache-once.md).
CREATE OR REPLACE FUNCTION "dl_notify_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dl_data_changed', coalesce(current_setting('dl.writer', true), ''));
  RETURN NULL;
END
$$;
