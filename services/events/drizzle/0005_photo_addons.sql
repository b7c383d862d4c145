CREATE TABLE "events"."photo_addons" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"photos" integer NOT NULL,
	"revoked" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
