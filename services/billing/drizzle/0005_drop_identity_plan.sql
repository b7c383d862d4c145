-- The plans identity kept (identity.users.plan, ADR 012) were copied by 0001_accounts_and_plans. Once
-- they are here the column goes, in the same place that copied them, so no order of the two services'
-- migrations loses a plan: when the gateway migrates after this, its 0005_drop_moved_plan drops it.
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
		ALTER TABLE "identity"."users" DROP COLUMN "plan";
	END IF;
END $$;
