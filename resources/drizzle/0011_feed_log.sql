CREATE TABLE `feed_log` (
	`position` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_seq` integer,
	`country` text,
	`observed_at` integer,
	`entry_count` integer,
	`seqs` blob
);
--> statement-breakpoint
CREATE INDEX `feed_log_snapshot_idx` ON `feed_log` (`country`,`observed_at`) WHERE "feed_log"."country" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `sync_upstreams` (
	`url` text PRIMARY KEY NOT NULL,
	`cursor` text,
	`countries` text,
	`last_synced_at` text,
	`last_result` text
);
--> statement-breakpoint
-- Stores made before the journal: every article, then every snapshot, in the order they were stored.
INSERT INTO `feed_log` (`article_seq`) SELECT `seq` FROM `articles` ORDER BY `seq`;--> statement-breakpoint
INSERT INTO `feed_log` (`country`, `observed_at`, `entry_count`) SELECT `country`, `observed_at`, `entry_count` FROM `feed_snapshots` ORDER BY `observed_at`, `country`;
