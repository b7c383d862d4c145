ALTER TABLE "notify"."messages" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "notify"."messages" ADD COLUMN "push" jsonb;