-- A game told by a machine agent carries the cabinet's name for it (machine, NVRAM epoch, game
-- number): the cabinet journals each game until the server says it is recorded, so one told again
-- after a crash of either side must be recorded once. Games of the in-process floor have none
-- (NULLs never conflict).
ALTER TABLE "slot_spins" ADD COLUMN "game_ref" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "slot_spins_game_ref" ON "slot_spins" ("game_ref");
