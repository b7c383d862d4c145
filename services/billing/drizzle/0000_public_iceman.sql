CREATE SCHEMA IF NOT EXISTS "billing";
--> statement-breakpoint
CREATE TABLE "billing"."plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"max_events" integer,
	"max_photos_per_event" integer NOT NULL,
	"max_guests_per_event" integer,
	"hosting_days" integer NOT NULL,
	"watermark" boolean NOT NULL,
	"zip_export" boolean NOT NULL,
	"public_gallery" boolean NOT NULL,
	"live_slideshow" boolean NOT NULL,
	"ai_safety_filter" boolean NOT NULL
);
