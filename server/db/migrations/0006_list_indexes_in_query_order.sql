DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_target_idx";--> statement-breakpoint
DROP INDEX "contacts_owner_created_idx";--> statement-breakpoint
DROP INDEX "outbound_messages_created_idx";--> statement-breakpoint
DROP INDEX "outbound_messages_owner_idx";--> statement-breakpoint
DROP INDEX "review_requests_owner_created_idx";--> statement-breakpoint
DROP INDEX "review_requests_owner_status_idx";--> statement-breakpoint
DROP INDEX "reviews_owner_created_idx";--> statement-breakpoint
DROP INDEX "reviews_owner_rating_idx";--> statement-breakpoint
DROP INDEX "reviews_owner_type_idx";--> statement-breakpoint
CREATE INDEX "reviews_owner_positive_idx" ON "reviews" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."rating" >= 4;--> statement-breakpoint
CREATE INDEX "reviews_owner_negative_idx" ON "reviews" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."rating" < 4;--> statement-breakpoint
CREATE INDEX "reviews_owner_answered_idx" ON "reviews" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE coalesce(btrim("reviews"."response_content"), '') <> '';--> statement-breakpoint
CREATE INDEX "reviews_owner_unanswered_idx" ON "reviews" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE coalesce(btrim("reviews"."response_content"), '') = '';--> statement-breakpoint
CREATE INDEX "reviews_owner_private_idx" ON "reviews" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."type" not in ('google', 'facebook', 'video');--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_client_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contacts_owner_created_idx" ON "contacts" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbound_messages_created_idx" ON "outbound_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbound_messages_owner_idx" ON "outbound_messages" USING btree ("owner_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "review_requests_owner_created_idx" ON "review_requests" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "review_requests_owner_status_idx" ON "review_requests" USING btree ("owner_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_owner_created_idx" ON "reviews" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_owner_rating_idx" ON "reviews" USING btree ("owner_id","rating","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_owner_type_idx" ON "reviews" USING btree ("owner_id","type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);