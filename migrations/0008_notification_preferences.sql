CREATE TABLE "email_opt_outs" (
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_opt_outs_user_id_category_pk" PRIMARY KEY("user_id","category"),
	CONSTRAINT "email_opt_outs_category_check" CHECK (category in ('challenges', 'results', 'reminders', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "email_opt_outs" ADD CONSTRAINT "email_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id");--> statement-breakpoint
CREATE TRIGGER "email_opt_outs_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "email_opt_outs" FOR EACH STATEMENT EXECUTE FUNCTION "dl_notify_data_changed"();