CREATE TABLE "photos"."screen_cycles" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"cycle" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos"."screen_shows" (
	"photo_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"cycle" integer NOT NULL,
	"screen_id" text NOT NULL,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos"."screens" (
	"event_id" uuid NOT NULL,
	"screen_id" text NOT NULL,
	"photo_id" uuid,
	"on_screen" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screens_event_id_screen_id_pk" PRIMARY KEY("event_id","screen_id")
);
--> statement-breakpoint
ALTER TABLE "photos"."screen_shows" ADD CONSTRAINT "screen_shows_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "photos"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screen_shows_event_cycle_idx" ON "photos"."screen_shows" USING btree ("event_id","cycle");