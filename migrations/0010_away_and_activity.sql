CREATE TABLE "team_away" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_away_range_check" CHECK ("team_away"."last_day" >= "team_away"."first_day" and "team_away"."last_day" - "team_away"."first_day" < 21)
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "last_active_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "team_away" ADD CONSTRAINT "team_away_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_away" ADD CONSTRAINT "team_away_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_away_team_last_day_idx" ON "team_away" USING btree ("team_id","last_day");--> statement-breakpoint
CREATE INDEX "team_away_created_by_idx" ON "team_away" USING btree ("created_by");--> statement-breakpoint
-- Existing teams count their inactivity from their last confirmed match (when it was confirmed),
-- else from when they were created (docs/product.md, "Activity").
UPDATE "teams" SET "last_active_at" = coalesce((
  SELECT max("m"."approved_at") FROM "matches" "m"
  WHERE ("m"."team1_id" = "teams"."id" OR "m"."team2_id" = "teams"."id") AND "m"."match_status" = 'approved' AND "m"."approved_at" IS NOT NULL
), "teams"."created_at");--> statement-breakpoint
CREATE TRIGGER "team_away_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "team_away" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();
