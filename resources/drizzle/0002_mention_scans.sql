ALTER TABLE `mention_matches` ADD `snippet` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `tracking_lists` ADD `scanned_through_seq` integer DEFAULT 0 NOT NULL;