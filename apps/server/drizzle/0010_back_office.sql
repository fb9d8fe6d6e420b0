-- The back office (issue #21): staff roles, TOTP two-factor for staff sign-ins, the append-only
-- audit log of every staff action, and hand pays waiting for a second supervisor's approval.
--
-- Roles: the one 'staff' role becomes 'supervisor' (it ran the floor, hand pays and money), next to
-- the new 'cashier' (players' money) and 'auditor' (reads everything, changes nothing).
ALTER TABLE "players" DROP CONSTRAINT "players_role_check";
--> statement-breakpoint
UPDATE "players" SET "role" = 'supervisor' WHERE "role" = 'staff';
--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_role_check" CHECK ("role" in ('admin', 'supervisor', 'cashier', 'auditor', 'user'));
--> statement-breakpoint
-- TOTP (RFC 6238): the secret being enrolled until its first code confirms it, then the secret in
-- force; the last time step a code was accepted for, so a code is never taken twice.
ALTER TABLE "players" ADD COLUMN "totp_secret" text;
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "totp_pending_secret" text;
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "totp_enabled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "totp_last_step" bigint;
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer REFERENCES "players"("id"),
	"actor" text NOT NULL,
	"actor_role" text,
	"ip" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"reason" text,
	"outcome" text DEFAULT 'done' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_log_outcome_check" CHECK ("outcome" in ('done', 'refused', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at", "id");
--> statement-breakpoint
CREATE INDEX "audit_log_target" ON "audit_log" USING btree ("target_type", "target_id", "at");
--> statement-breakpoint
CREATE INDEX "audit_log_actor" ON "audit_log" USING btree ("actor", "at");
--> statement-breakpoint
-- Append-only whatever the client: the app has no UPDATE or DELETE of it, and the database refuses
-- them (and TRUNCATE) from anyone who is not its superuser dropping the trigger first.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
-- A hand pay above HAND_PAY_APPROVAL_ABOVE: the first supervisor's request, then a second one's
-- approval pays it. One request per hand pay and amount (a hand pay that grew is asked anew).
CREATE TABLE "hand_pay_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"machine_id" integer NOT NULL REFERENCES "machines"("id"),
	"hand_pay_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"requested_by" integer NOT NULL REFERENCES "players"("id"),
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" integer REFERENCES "players"("id"),
	"approved_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "hand_pay_approvals_status_check" CHECK ("status" in ('pending', 'paid', 'void')),
	CONSTRAINT "hand_pay_approvals_second_person" CHECK ("approved_by" is null or "approved_by" <> "requested_by")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "hand_pay_approvals_request" ON "hand_pay_approvals" USING btree ("hand_pay_id", "amount");
