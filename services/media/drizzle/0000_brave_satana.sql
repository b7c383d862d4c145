CREATE SCHEMA IF NOT EXISTS "media";
--> statement-breakpoint
CREATE TABLE "media"."renditions" (
	"photo_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"thumb_key" text NOT NULL,
	"display_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
