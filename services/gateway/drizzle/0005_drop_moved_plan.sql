-- identity.users.plan moved to billing (billing.account_plans, ADR 012). Billing's migrations copy it
-- and then drop it (0005_drop_identity_plan); when billing migrated first (a new database, where this
-- schema's first migration still makes the column), it goes here, once billing's table is in place.
DO $$
BEGIN
	IF to_regclass('billing.account_plans') IS NOT NULL THEN
		ALTER TABLE "identity"."users" DROP COLUMN IF EXISTS "plan";
	END IF;
END $$;
