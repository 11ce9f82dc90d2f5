CREATE TABLE "public_name_choices" (
	"email" text PRIMARY KEY NOT NULL,
	"display" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
