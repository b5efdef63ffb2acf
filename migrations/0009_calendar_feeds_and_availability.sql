CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "availability" SET DEFAULT '{"mon":{"morning":false,"afternoon":false,"evening":false},"tue":{"morning":false,"afternoon":false,"evening":false},"wed":{"morning":false,"afternoon":false,"evening":false},"thu":{"morning":false,"afternoon":false,"evening":false},"fri":{"morning":false,"afternoon":false,"evening":false},"sat":{"morning":false,"afternoon":false,"evening":false},"sun":{"morning":false,"afternoon":false,"evening":false}}'::jsonb;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "accepted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "schedule_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_uq" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
-- Weekly availability becomes days × morning/afternoon/evening: a day marked true (the old shape) is free all day.
UPDATE "users" SET "availability" = (
  SELECT jsonb_object_agg(d.day, CASE
    WHEN jsonb_typeof("users"."availability" -> d.day) = 'object' THEN "users"."availability" -> d.day
    WHEN ("users"."availability" ->> d.day) = 'true' THEN '{"morning":true,"afternoon":true,"evening":true}'::jsonb
    ELSE '{"morning":false,"afternoon":false,"evening":false}'::jsonb END)
  FROM unnest(ARRAY['mon','tue','wed','thu','fri','sat','sun']) AS d(day)
);--> statement-breakpoint
-- Challenges accepted before this column existed: the last change is the closest known time.
UPDATE "challenges" SET "accepted_at" = "updated_at" WHERE "status" IN ('accepted', 'match_reported', 'completed');--> statement-breakpoint
CREATE TRIGGER "calendar_feeds_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "calendar_feeds" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();
