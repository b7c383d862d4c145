ALTER TABLE "events"."events" ADD COLUMN "allow_clips" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events"."events" ADD COLUMN "clip_seconds" integer DEFAULT 10 NOT NULL;