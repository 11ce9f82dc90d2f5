CREATE TABLE "cancelled_homologations" (
	"id" integer PRIMARY KEY NOT NULL,
	"laureate_id" integer NOT NULL,
	"candidate_id" integer,
	"epreuve" text NOT NULL,
	"numero" integer NOT NULL,
	"date_passage" date,
	"homologated_at" timestamp with time zone NOT NULL,
	"diploma_code" text NOT NULL,
	"reason" text NOT NULL,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "homologations" ADD COLUMN "diploma_code" text DEFAULT rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=') NOT NULL;--> statement-breakpoint
ALTER TABLE "cancelled_homologations" ADD CONSTRAINT "cancelled_homologations_laureate_id_laureates_id_fk" FOREIGN KEY ("laureate_id") REFERENCES "public"."laureates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_homologations" ADD CONSTRAINT "cancelled_homologations_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_homologations" ADD CONSTRAINT "cancelled_homologations_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancelled_homologations_diploma_code_idx" ON "cancelled_homologations" USING btree ("diploma_code");--> statement-breakpoint
CREATE INDEX "cancelled_homologations_candidate_idx" ON "cancelled_homologations" USING btree ("candidate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "homologations_diploma_code_idx" ON "homologations" USING btree ("diploma_code");