CREATE TABLE "events"."notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_kind_uq" ON "events"."notifications" USING btree ("event_id","kind");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "events"."notifications" USING btree ("user_id");