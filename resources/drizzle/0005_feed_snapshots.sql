-- One row per feed snapshot, its entries packed as big-endian uint32 triples (article seq,
-- position, estimated impressions) in position order: see electron/core/store/feed-entries.ts.
CREATE TABLE `feed_snapshots` (
	`country` text NOT NULL,
	`observed_at` integer NOT NULL,
	`entry_count` integer NOT NULL,
	`entries` blob NOT NULL,
	PRIMARY KEY(`country`, `observed_at`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `feed_snapshots` (`country`, `observed_at`, `entry_count`, `entries`)
SELECT `country`, `observed_at`, count(*),
       unhex(group_concat(printf('%08X%08X%08X', `article_seq`, `position`, min(`estimated_impressions`, 4294967295)), '' ORDER BY `position`, `article_seq`))
FROM `observations` GROUP BY `country`, `observed_at`;
--> statement-breakpoint
DROP TABLE `observations`;
