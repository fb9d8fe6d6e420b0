-- The §9 settings an admin sets from the console (issue #21), laid over the defaults and the
-- operator's SETTINGS_FILE. One row per key set; a reset deletes it. Who changed what, before and
-- after, is in the audit log; these columns only say who set the value in force.
CREATE TABLE "settings_overrides" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
