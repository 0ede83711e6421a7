CREATE TABLE `app_sessions` (
	`hash` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `trend_countries` (
	`trend_id` text NOT NULL,
	`country` text NOT NULL,
	`article_count` integer NOT NULL,
	`first_seen_at` text NOT NULL,
	`last_article_at` text NOT NULL,
	PRIMARY KEY(`trend_id`, `country`),
	FOREIGN KEY (`trend_id`) REFERENCES `trends`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trend_countries_country_idx` ON `trend_countries` (`country`,`trend_id`);--> statement-breakpoint
ALTER TABLE `article_facets` ADD `stored_at` integer;--> statement-breakpoint
UPDATE `article_facets` SET `stored_at` = unixepoch();--> statement-breakpoint
INSERT INTO `trend_countries` (`trend_id`, `country`, `article_count`, `first_seen_at`, `last_article_at`)
SELECT ta.trend_id, a.region, count(*),
  strftime('%Y-%m-%dT%H:%M:%fZ', min(coalesce(f.first_seen, unixepoch(a.published_at), 0)), 'unixepoch'),
  strftime('%Y-%m-%dT%H:%M:%fZ', max(coalesce(f.first_seen, unixepoch(a.published_at), 0)), 'unixepoch')
FROM trend_articles ta JOIN articles a ON a.id = ta.article_id LEFT JOIN article_facets f ON f.article_seq = a.seq
GROUP BY ta.trend_id, a.region;
