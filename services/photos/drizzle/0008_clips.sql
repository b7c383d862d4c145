CREATE TABLE "photos"."clip_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"caption" text,
	"length" integer NOT NULL,
	"offset" integer DEFAULT 0 NOT NULL,
	"photo_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos"."renditions" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "clip_uploads_device_upload_idx" ON "photos"."clip_uploads" USING btree ("device_id","upload_id");