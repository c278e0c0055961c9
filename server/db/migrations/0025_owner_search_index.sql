-- A client's search reads its own reviews only: owner_id leads the trigram indexes, through btree_gin (a
-- Postgres contrib module, like pg_trgm; PGlite loads both, server/db/client.ts). The new indexes are built
-- before the old ones go, so no moment is without one.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "reviews_owner_content_trgm_idx" ON "reviews" USING gin ("owner_id","content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reviews_owner_reviewer_name_trgm_idx" ON "reviews" USING gin ("owner_id","reviewer_name" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "reviews_content_trgm_idx";--> statement-breakpoint
DROP INDEX "reviews_reviewer_name_trgm_idx";
