ALTER TABLE "events"."events" ADD COLUMN "reveal_announced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "events_reveal_due_idx" ON "events"."events" USING btree ("reveal_at") WHERE "events"."events"."reveal_announced_at" is null;--> statement-breakpoint
-- reveals that came before announcing them were told to nobody, and are not now
UPDATE "events"."events" SET "reveal_announced_at" = now() WHERE "reveal_at" <= now();
