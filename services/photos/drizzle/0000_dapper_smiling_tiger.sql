CREATE SCHEMA IF NOT EXISTS "photos";
--> statement-breakpoint
CREATE TABLE "photos"."devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"anon_id" uuid NOT NULL,
	"display_name" text,
	"shots_taken" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos"."event_counters" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"photo_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos"."outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"msg_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos"."photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"upload_id" uuid,
	"caption" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"flag_count" integer DEFAULT 0 NOT NULL,
	"flag_reason" text,
	"original_key" text NOT NULL,
	"thumb_key" text,
	"display_key" text,
	"width" integer,
	"height" integer,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"moderated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "devices_event_idx" ON "photos"."devices" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "photos"."outbox" USING btree ("id") WHERE "photos"."outbox"."published_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "photos_device_upload_uq" ON "photos"."photos" USING btree ("device_id","upload_id") WHERE "photos"."photos"."upload_id" is not null;--> statement-breakpoint
CREATE INDEX "photos_event_created_idx" ON "photos"."photos" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "photos_device_idx" ON "photos"."photos" USING btree ("device_id");