CREATE TABLE "settings" (
	"version" integer PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"before" jsonb,
	"changed_by" integer,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;