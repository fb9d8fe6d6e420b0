CREATE TABLE "login_attempts" (
	"login" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" integer,
	"login" text NOT NULL,
	"type" text NOT NULL,
	"ip" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "pin_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "ip_allow_list" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "banned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "previous_logon" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "previous_logon_ip" text;--> statement-breakpoint
ALTER TABLE "login_logs" ADD CONSTRAINT "login_logs_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_logs_player_created" ON "login_logs" USING btree ("player_id","created_at","id");--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_role_check" CHECK ("players"."role" in ('admin', 'staff', 'user'));