CREATE TABLE "photos"."guestbook_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"upload_id" uuid,
	"kind" text NOT NULL,
	"text" text,
	"audio_key" text,
	"audio_bytes" integer,
	"duration_ms" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moderated_at" timestamp with time zone,
	"report_count" integer DEFAULT 0 NOT NULL,
	"reports_reviewed" integer DEFAULT 0 NOT NULL,
	"held_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "photos"."guestbook_reports" (
	"entry_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guestbook_reports_entry_id_device_id_pk" PRIMARY KEY("entry_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "photos"."guestbook_reports" ADD CONSTRAINT "guestbook_reports_entry_id_guestbook_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "photos"."guestbook_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guestbook_device_upload_uq" ON "photos"."guestbook_entries" USING btree ("device_id","upload_id") WHERE "photos"."guestbook_entries"."upload_id" is not null;--> statement-breakpoint
CREATE INDEX "guestbook_event_created_idx" ON "photos"."guestbook_entries" USING btree ("event_id","created_at","id");--> statement-breakpoint
CREATE INDEX "guestbook_device_idx" ON "photos"."guestbook_entries" USING btree ("device_id");