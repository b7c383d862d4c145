ALTER TABLE "events"."events" DROP COLUMN "qr_code";--> statement-breakpoint
ALTER TABLE "events"."events" DROP COLUMN "join_url";