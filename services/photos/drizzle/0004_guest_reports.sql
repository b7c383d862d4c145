CREATE TABLE "photos"."reports" (
	"photo_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_photo_id_device_id_pk" PRIMARY KEY("photo_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "report_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "reports_reviewed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "photos"."photos" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos"."reports" ADD CONSTRAINT "reports_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "photos"."photos"("id") ON DELETE cascade ON UPDATE no action;