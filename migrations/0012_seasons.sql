CREATE TABLE "season_carry_overs" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer,
	"percent" integer NOT NULL,
	"applied_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "season_carry_overs_percent_check" CHECK ("season_carry_overs"."percent" between 0 and 50)
);
--> statement-breakpoint
CREATE TABLE "season_standings" (
	"season_id" integer NOT NULL,
	"ladder" text NOT NULL,
	"scope" text NOT NULL,
	"position" integer NOT NULL,
	"rank" integer,
	"team_id" integer,
	"team_name" varchar(100) NOT NULL,
	"competition_type" text NOT NULL,
	"rating" integer NOT NULL,
	"wins" integer NOT NULL,
	"losses" integer NOT NULL,
	CONSTRAINT "season_standings_season_id_ladder_scope_position_pk" PRIMARY KEY("season_id","ladder","scope","position"),
	CONSTRAINT "season_standings_ladder_check" CHECK (ladder in ('grass', 'beach', 'hardcourt', 'overall')),
	CONSTRAINT "season_standings_scope_check" CHECK (scope in ('all', 'Men''s Doubles', 'Women''s Doubles', 'Mixed Doubles'))
);
--> statement-breakpoint
CREATE TABLE "season_wildcards" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"challenge_id" integer,
	"used_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"carry_over_percent" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp (3) with time zone,
	"closed_at" timestamp (3) with time zone,
	"closed_by" integer,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_range_check" CHECK ("seasons"."last_day" >= "seasons"."first_day"),
	CONSTRAINT "seasons_carry_over_check" CHECK ("seasons"."carry_over_percent" between 0 and 50)
);
--> statement-breakpoint
ALTER TABLE "season_carry_overs" ADD CONSTRAINT "season_carry_overs_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_standings" ADD CONSTRAINT "season_standings_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_wildcards" ADD CONSTRAINT "season_wildcards_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_wildcards" ADD CONSTRAINT "season_wildcards_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_wildcards" ADD CONSTRAINT "season_wildcards_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "season_carry_overs_season_uq" ON "season_carry_overs" USING btree ("season_id");--> statement-breakpoint
CREATE INDEX "season_carry_overs_applied_idx" ON "season_carry_overs" USING btree ("applied_at","id");--> statement-breakpoint
CREATE INDEX "season_wildcards_season_team_idx" ON "season_wildcards" USING btree ("season_id","team_id");--> statement-breakpoint
CREATE INDEX "season_wildcards_team_idx" ON "season_wildcards" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "season_wildcards_challenge_idx" ON "season_wildcards" USING btree ("challenge_id");--> statement-breakpoint
CREATE INDEX "seasons_last_day_idx" ON "seasons" USING btree ("last_day");--> statement-breakpoint
CREATE INDEX "seasons_closed_by_idx" ON "seasons" USING btree ("closed_by");--> statement-breakpoint
CREATE INDEX "seasons_created_by_idx" ON "seasons" USING btree ("created_by");--> statement-breakpoint
CREATE TRIGGER "seasons_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "seasons" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "season_standings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "season_standings" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "season_carry_overs_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "season_carry_overs" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();--> statement-breakpoint
CREATE TRIGGER "season_wildcards_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "season_wildcards" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();
