ALTER TABLE "players" ADD COLUMN "permissions" integer[] DEFAULT '{145}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "player_group" text DEFAULT 'players' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "account_type" text DEFAULT 'player' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "photo_url" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "shortcuts" text[] DEFAULT '{slot-sessions,transactions}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_type_check" CHECK ("players"."account_type" in ('player', 'operator'));