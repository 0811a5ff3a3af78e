CREATE TABLE "item_analysis_snapshots" (
	"section_number" integer PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"sums" jsonb NOT NULL,
	CONSTRAINT "item_analysis_snapshots_section_range" CHECK (section_number BETWEEN 1 AND 32)
);
