CREATE TABLE "identity"."oidc_models" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_models_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE INDEX "oidc_models_grant_id_idx" ON "identity"."oidc_models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_models_uid_idx" ON "identity"."oidc_models" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_models_user_code_idx" ON "identity"."oidc_models" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "oidc_models_expires_at_idx" ON "identity"."oidc_models" USING btree ("expires_at");