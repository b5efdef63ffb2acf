-- The notification list is kept in the read cache (docs/decisions/046-notification-list-cached.md):
-- like every table a cached read shows, notifications NOTIFY every instance's cache on each write
-- (a notification told, marked read, pruned), with the function of migrations 0002 and 0019.
CREATE TRIGGER "notifications_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();
