-- One row per hour and country, its articles' cells packed in seq order as 32 bytes each
-- (big-endian: seq, observations, best position as uint32; first and last seen as uint16
-- seconds into the hour; impressions and position sum as uint64): see
-- electron/core/store/hourly-cells.ts.
CREATE TABLE `hourly_cells` (
	`hour` integer NOT NULL,
	`country` text NOT NULL,
	`cell_count` integer NOT NULL,
	`cells` blob NOT NULL,
	PRIMARY KEY(`hour`, `country`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `hourly_cells` (`hour`, `country`, `cell_count`, `cells`)
SELECT `hour`, `country`, count(*),
       unhex(group_concat(printf('%08X%08X%08X%04X%04X%016X%016X', `article_seq`, `observations`, `best_position`,
                                 `first_seen` - `hour` * 3600, `last_seen` - `hour` * 3600, `impressions`, `position_sum`), '' ORDER BY `article_seq`))
FROM `article_hourly` GROUP BY `hour`, `country`;
--> statement-breakpoint
DROP TABLE `article_hourly`;
