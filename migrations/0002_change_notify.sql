-- Every statement that writes a table the server caches reads of (server/lib/read-cache.ts) sends
-- NOTIFY dl_data_changed. PostgreSQL delivers it at commit, and never for a rolled-back
-- transaction, to every instance's LISTEN connection (server/db/client.ts): each one empties its
-- cache. Several notifications of one transaction arrive as one. rate_limits is left out (no read
-- shows it, and it is written on every token request).
CREATE FUNCTION "dl_notify_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dl_data_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "teams_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "teams" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "system_settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "system_settings" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "challenges_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "challenges" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "matches_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "matches" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "disputes_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "disputes" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "auth_tokens_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "auth_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "session_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();
