-- The PIN is kept as an argon2id hash (hashed at start from any plain PIN still here: SQL has no
-- argon2), and wrong PINs of the idle lock are counted per player.
ALTER TABLE "players" RENAME COLUMN "pin" TO "pin_hash";
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "pin_failures" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "pin_locked_at" timestamp with time zone;
