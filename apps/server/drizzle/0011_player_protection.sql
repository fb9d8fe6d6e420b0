-- Player protection (issue #20): limits per player, kind and calendar period, each with a looser
-- value waiting for its 24 h cooling-off; the reality-check interval; and every time-out and
-- self-exclusion taken (never changed or removed: nobody may shorten one).
CREATE TABLE "player_limits" (
	"player_id" integer NOT NULL REFERENCES "players"("id"),
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint,
	"pending_amount" bigint,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_limits_pk" PRIMARY KEY ("player_id", "kind", "period"),
	CONSTRAINT "player_limits_kind_check" CHECK ("kind" in ('deposit', 'cash_in', 'net_loss', 'session_time')),
	CONSTRAINT "player_limits_period_check" CHECK ("period" in ('day', 'week', 'month'))
);
--> statement-breakpoint
CREATE TABLE "player_reality_checks" (
	"player_id" integer PRIMARY KEY NOT NULL REFERENCES "players"("id"),
	"minutes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "player_reality_checks_minutes" CHECK ("minutes" in (0, 15, 30, 60))
);
--> statement-breakpoint
CREATE TABLE "player_exclusions" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL REFERENCES "players"("id"),
	"kind" text NOT NULL,
	"choice" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	CONSTRAINT "player_exclusions_kind" CHECK ("kind" in ('time-out', 'self-exclusion'))
);
--> statement-breakpoint
CREATE INDEX "player_exclusions_player" ON "player_exclusions" USING btree ("player_id", "started_at");
