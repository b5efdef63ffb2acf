CREATE TABLE "ladder_ranks" (
	"team_id" integer NOT NULL,
	"ladder" text NOT NULL,
	"competition_type" text NOT NULL,
	"inactive" boolean NOT NULL,
	"club_position" integer NOT NULL,
	"club_rank" integer,
	"category_position" integer NOT NULL,
	"category_rank" integer,
	CONSTRAINT "ladder_ranks_team_id_ladder_pk" PRIMARY KEY("team_id","ladder"),
	CONSTRAINT "ladder_ranks_ladder_check" CHECK (ladder in ('grass', 'beach', 'hardcourt', 'overall'))
);
--> statement-breakpoint
CREATE TABLE "ladder_ranks_as_of" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"club_day" date NOT NULL,
	"inactivity_days" integer NOT NULL,
	"time_zone" text NOT NULL,
	"refreshed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ladder_ranks_as_of_one_row" CHECK ("ladder_ranks_as_of"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "ladder_ranks" ADD CONSTRAINT "ladder_ranks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ladder_ranks_club_idx" ON "ladder_ranks" USING btree ("ladder","club_position");--> statement-breakpoint
CREATE INDEX "ladder_ranks_category_idx" ON "ladder_ranks" USING btree ("ladder","competition_type","category_position");--> statement-breakpoint
CREATE INDEX "ladder_ranks_category_rank_idx" ON "ladder_ranks" USING btree ("ladder","competition_type","category_rank");--> statement-breakpoint
CREATE TRIGGER "ladder_ranks_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ladder_ranks" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "ladder_ranks_as_of_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ladder_ranks_as_of" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();
