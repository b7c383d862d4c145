CREATE TABLE "identity"."account_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identity"."local_accounts" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity"."users" ADD COLUMN "lang" text;--> statement-breakpoint
CREATE INDEX "account_tokens_account_idx" ON "identity"."account_tokens" USING btree ("account_id","purpose");--> statement-breakpoint
-- accounts made before addresses were confirmed keep what they could do (buying plans needs a confirmed address)
UPDATE "identity"."local_accounts" SET "email_verified_at" = "created_at";--> statement-breakpoint
UPDATE "identity"."users" SET "email_verified" = true;
