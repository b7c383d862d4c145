-- Each plan's storage allowance (ADR 018). Plans already in the table get 0 here; billing loads the
-- catalogue's figure into every row at each start, before it answers anyone.
ALTER TABLE "billing"."plans" ADD COLUMN "storage_mb" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing"."plans" ALTER COLUMN "storage_mb" DROP DEFAULT;
