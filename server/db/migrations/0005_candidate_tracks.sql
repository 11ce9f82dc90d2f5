CREATE TABLE "candidate_tracks" (
	"candidate_id" integer PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"file_gz" "bytea" NOT NULL,
	"analysis" jsonb NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidate_tracks" ADD CONSTRAINT "candidate_tracks_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_tracks" ADD CONSTRAINT "candidate_tracks_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;