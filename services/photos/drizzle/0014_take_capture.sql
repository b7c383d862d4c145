-- A guest's capture in one call (issue 26, ADR 038): the shot counted on the device's roll, the
-- event's photo count raised within its plan, the row and its outbox fact. As a function its plans are
-- made once per connection, not for every upload: PGlite planned the same statement as a CTE for
-- every upload, more than half the database's time for it.
--
-- photos.claim_shot is the guests module's (ADR 029): it takes one shot from the device's roll when the
-- device is of this event and has shots left, and answers how many it has now taken; with none taken,
-- the device's event (null when the device is gone), so the caller can say why.
CREATE OR REPLACE FUNCTION "photos"."claim_shot"(
  p_device uuid, p_event uuid, p_max_shots int, p_at timestamptz,
  OUT shots int, OUT device_event uuid
) LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "photos"."devices" SET "shots_taken" = "shots_taken" + 1, "last_seen_at" = p_at
    WHERE "id" = p_device AND "event_id" = p_event AND "shots_taken" < p_max_shots
    RETURNING "shots_taken" INTO shots;
  IF shots IS NULL THEN
    SELECT "event_id" INTO device_event FROM "photos"."devices" WHERE "id" = p_device;
  ELSE
    device_event := p_event;
  END IF;
END $$;
--> statement-breakpoint
-- The capture itself: `rollback` is true when it took nothing (no shot, or the event is full); `n` is 1
-- when the row and its fact were written.
CREATE OR REPLACE FUNCTION "photos"."take_capture"(
  p_device uuid, p_event uuid, p_max_shots int, p_max_photos int, p_at timestamptz,
  p_photo uuid, p_kind text, p_upload uuid, p_caption text, p_original_key text,
  p_width int, p_height int, p_bytes int,
  p_subject text, p_msg_id text, p_payload jsonb, p_headers jsonb,
  OUT shots int, OUT n int, OUT device_event uuid, OUT rollback boolean
) LANGUAGE plpgsql AS $$
BEGIN
  n := 0;
  rollback := true;
  SELECT c.shots, c.device_event INTO shots, device_event
    FROM "photos"."claim_shot"(p_device, p_event, p_max_shots, p_at) c;
  IF shots IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO "photos"."event_counters" ("event_id", "photo_count") VALUES (p_event, 1)
    ON CONFLICT ("event_id") DO UPDATE SET "photo_count" = "photos"."event_counters"."photo_count" + 1
    WHERE "photos"."event_counters"."photo_count" < p_max_photos;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO "photos"."photos"
    ("id", "event_id", "device_id", "kind", "upload_id", "caption", "status", "original_key", "width",
     "height", "bytes", "created_at")
    VALUES (p_photo, p_event, p_device, p_kind, p_upload, p_caption, 'pending', p_original_key, p_width,
     p_height, p_bytes, p_at);
  INSERT INTO "photos"."outbox" ("subject", "msg_id", "payload", "headers")
    VALUES (p_subject, p_msg_id, p_payload, p_headers);
  n := 1;
  rollback := false;
END $$;
