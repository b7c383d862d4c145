CREATE TABLE "billing"."account_plans" (
	"user_id" text PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing"."accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Accounts and plans the gateway kept before billing owned them (identity.users.plan, ADR 012): copied
-- once, here, while that column still exists. The gateway drops it once this table is in place.
DO $$
BEGIN
	IF EXISTS (
		SELECT 1 FROM information_schema.columns
		WHERE table_schema = 'identity' AND table_name = 'users' AND column_name = 'plan'
	) THEN
		INSERT INTO "billing"."accounts" ("user_id", "email")
			SELECT "id"::text, "email" FROM "identity"."users"
			ON CONFLICT DO NOTHING;
		INSERT INTO "billing"."account_plans" ("user_id", "plan")
			SELECT "id"::text, "plan" FROM "identity"."users" WHERE "plan" <> 'free'
			ON CONFLICT DO NOTHING;
	END IF;
END $$;
