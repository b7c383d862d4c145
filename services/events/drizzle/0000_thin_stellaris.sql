CREATE SCHEMA IF NOT EXISTS "events";
--> statement-breakpoint
CREATE TABLE "events"."events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(6) NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"host_id" text NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reveal_at" timestamp with time zone,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"live_mode" boolean DEFAULT false NOT NULL,
	"max_shots_per_device" integer DEFAULT 12 NOT NULL,
	"shot_count" integer DEFAULT 24 NOT NULL,
	"film_mode" boolean DEFAULT false NOT NULL,
	"film_preset" text DEFAULT 'classic' NOT NULL,
	"no_retakes" boolean DEFAULT false NOT NULL,
	"allow_captions" boolean DEFAULT true NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"share_description" text,
	"color_mood" text DEFAULT 'vintage' NOT NULL,
	"primary_color" text NOT NULL,
	"accent_color" text NOT NULL,
	"background_gradient" text NOT NULL,
	"max_photos" integer NOT NULL,
	"max_guests" integer,
	"qr_code" text NOT NULL,
	"join_url" text NOT NULL,
	CONSTRAINT "events_code_unique" UNIQUE("code"),
	CONSTRAINT "events_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE INDEX "events_host_idx" ON "events"."events" USING btree ("host_id");