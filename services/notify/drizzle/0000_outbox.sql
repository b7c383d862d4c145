CREATE SCHEMA IF NOT EXISTS "notify";
--> statement-breakpoint
CREATE TABLE "notify"."accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"lang" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify"."messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"template" text NOT NULL,
	"to_address" text NOT NULL,
	"user_id" text,
	"event_id" uuid,
	"lang" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unsubscribe_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "messages_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "notify"."preferences" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "preferences_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notify"."suppressions" (
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppressions_pk" PRIMARY KEY("email","kind")
);
--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "notify"."messages" USING btree ("next_attempt_at") WHERE "notify"."messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "notify"."messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_event_idx" ON "notify"."messages" USING btree ("event_id") WHERE "notify"."messages"."event_id" is not null;