CREATE TABLE "photos"."reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"email" text,
	"push" jsonb,
	"lang" text NOT NULL,
	"gallery_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos"."reveal_notices" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_device_channel_uq" ON "photos"."reminders" USING btree ("event_id","device_id","channel");