CREATE TABLE "photos"."face_removals" (
	"photo_id" uuid NOT NULL,
	"box" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos"."faces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"photo_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"box" jsonb NOT NULL,
	"score" real NOT NULL,
	"descriptor" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos"."find_me_events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "faces_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos"."face_removals" ADD CONSTRAINT "face_removals_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "photos"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos"."faces" ADD CONSTRAINT "faces_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "photos"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_removals_photo_idx" ON "photos"."face_removals" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "faces_event_idx" ON "photos"."faces" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "faces_photo_idx" ON "photos"."faces" USING btree ("photo_id");