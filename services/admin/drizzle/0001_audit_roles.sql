DROP INDEX "admin"."audit_log_at_idx";--> statement-breakpoint
ALTER TABLE "admin"."audit_log" ADD COLUMN "actor_role" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin"."audit_log" ADD COLUMN "source_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_source_idx" ON "admin"."audit_log" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "admin"."audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "admin"."audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin.audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "admin"."audit_log"
  FOR EACH ROW EXECUTE FUNCTION "admin"."audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "admin"."audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin"."audit_log_append_only"();
