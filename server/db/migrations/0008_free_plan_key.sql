ALTER TABLE "plans" ADD COLUMN "key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_key_unique" ON "plans" USING btree ("key") WHERE "plans"."key" is not null;