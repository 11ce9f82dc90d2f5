CREATE TABLE "activity_service_refusals" (
	"provider" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
