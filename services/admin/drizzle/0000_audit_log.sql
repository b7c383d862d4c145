CREATE SCHEMA IF NOT EXISTS "admin";
--> statement-breakpoint
CREATE TABLE "admin"."audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text NOT NULL,
	"action" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "admin"."audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "admin"."audit_log" USING btree ("target_id");