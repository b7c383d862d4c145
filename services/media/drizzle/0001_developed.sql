CREATE TABLE "media"."developed" (
	"photo_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"developed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The worker keeps only which photos it has developed: the renditions' keys and sizes now live with
-- the photos service (photos.renditions, filled from photos.photos by its own migration).
INSERT INTO "media"."developed" ("photo_id", "event_id", "developed_at")
SELECT "photo_id", "event_id", "processed_at" FROM "media"."renditions";--> statement-breakpoint
DROP TABLE "media"."renditions" CASCADE;
