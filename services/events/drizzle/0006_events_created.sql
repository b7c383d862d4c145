CREATE TABLE "events"."events_created" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"host_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "events_created_host_idx" ON "events"."events_created" USING btree ("host_id","created_at");--> statement-breakpoint
-- the events that exist already are on record too
INSERT INTO "events"."events_created" ("event_id", "host_id", "created_at") SELECT "id", "host_id", "created_at" FROM "events"."events";