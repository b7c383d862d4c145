ALTER TABLE "admin"."audit_log" ALTER COLUMN "at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "admin"."audit_log" ALTER COLUMN "at" SET DEFAULT now();