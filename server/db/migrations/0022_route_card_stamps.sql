CREATE TABLE "route_card_stamps" (
	"id" serial PRIMARY KEY NOT NULL,
	"candidate_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"control" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"accuracy_m" double precision,
	"status" text NOT NULL,
	"code" text,
	"completes" text,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "route_card_stamps" ADD CONSTRAINT "route_card_stamps_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "route_card_stamps_client_idx" ON "route_card_stamps" USING btree ("candidate_id","client_id");--> statement-breakpoint
CREATE INDEX "route_card_stamps_candidate_at_idx" ON "route_card_stamps" USING btree ("candidate_id","at");