-- identity.users.plan moved to billing (billing.account_plans, ADR 012). Billing's own migration copies
-- it; the column is dropped at the gateway's start once billing has done so (dropMovedPlans in
-- src/identity/users.ts), whichever of the two migrated first.
SELECT 1;
