-- Search by name or town: laureates.search_text holds the lower-case, accent-free "nom prenom ville", and a
-- trigram index answers the LIKE '%word%' the ranking's search box issues. pg_trgm ships with PostgreSQL and is
-- loaded into PGlite by server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "laureates_search_text_trgm_idx" ON "laureates" USING gin ("search_text" gin_trgm_ops);
