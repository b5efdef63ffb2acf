CREATE TABLE "data_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"actor_id" integer,
	"phase" text,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"message" text,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "data_operations_kind_check" CHECK (kind in ('restore', 'reset')),
	CONSTRAINT "data_operations_status_check" CHECK (status in ('running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "data_operations" ADD CONSTRAINT "data_operations_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_operations_one_running_uq" ON "data_operations" USING btree ((true)) WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "data_operations_actor_idx" ON "data_operations" USING btree ("actor_id");