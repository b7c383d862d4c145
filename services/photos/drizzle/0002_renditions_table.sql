CREATE TABLE "photos"."renditions" (
	"photo_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"width" integer,
	"height" integer,
	"bytes" integer,
	CONSTRAINT "renditions_photo_id_kind_pk" PRIMARY KEY("photo_id","kind")
);
--> statement-breakpoint
ALTER TABLE "photos"."renditions" ADD CONSTRAINT "renditions_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "photos"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Photos developed before this table: their two renditions move here. Their sizes in bytes were never
-- kept, nor the thumbnail's width and height; the display rendition's size is the photo's width and height.
INSERT INTO "photos"."renditions" ("photo_id", "kind", "key", "width", "height")
SELECT "id", 'display', "display_key", "width", "height" FROM "photos"."photos" WHERE "display_key" IS NOT NULL
UNION ALL
SELECT "id", 'thumb', "thumb_key", NULL, NULL FROM "photos"."photos" WHERE "thumb_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "photos"."photos" DROP COLUMN "thumb_key";--> statement-breakpoint
ALTER TABLE "photos"."photos" DROP COLUMN "display_key";