ALTER TABLE "users" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The administrators of before the roles keep everything they could do (issue 42).
UPDATE "users" SET "roles" = ARRAY['desk', 'president', 'treasurer', 'admin']::text[] WHERE "role" = 'admin';
