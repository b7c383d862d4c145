DROP INDEX "photos"."photos_event_created_idx";--> statement-breakpoint
CREATE INDEX "photos_event_created_id_idx" ON "photos"."photos" USING btree ("event_id","created_at","id");