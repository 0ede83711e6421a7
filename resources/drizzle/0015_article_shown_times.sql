DROP INDEX `article_facets_region_idx`;--> statement-breakpoint
DROP INDEX `article_facets_region_first_idx`;--> statement-breakpoint
DROP INDEX `article_facets_domain_idx`;--> statement-breakpoint
ALTER TABLE `article_facets` ADD `first_shown` integer GENERATED ALWAYS AS (coalesce(first_seen, published_at, stored_at)) VIRTUAL;--> statement-breakpoint
ALTER TABLE `article_facets` ADD `last_shown` integer GENERATED ALWAYS AS (coalesce(last_seen, published_at, stored_at)) VIRTUAL;--> statement-breakpoint
CREATE INDEX `article_facets_last_shown_idx` ON `article_facets` (`last_shown`,`article_seq`);--> statement-breakpoint
CREATE INDEX `article_facets_first_shown_idx` ON `article_facets` (`first_shown`,`article_seq`);--> statement-breakpoint
CREATE INDEX `article_facets_region_idx` ON `article_facets` (`region`,`last_shown`);--> statement-breakpoint
CREATE INDEX `article_facets_region_first_idx` ON `article_facets` (`region`,`first_shown`);--> statement-breakpoint
CREATE INDEX `article_facets_domain_idx` ON `article_facets` (`domain`,`first_shown`);--> statement-breakpoint
DROP TRIGGER `trend_articles_first_seen_au`;--> statement-breakpoint
CREATE TRIGGER `trend_articles_first_seen_au` AFTER UPDATE OF `first_seen`, `published_at`, `stored_at` ON `article_facets` WHEN new.first_shown IS NOT old.first_shown BEGIN
  UPDATE trend_articles SET first_seen = new.first_shown WHERE article_id = (SELECT id FROM articles WHERE seq = new.article_seq);
END;--> statement-breakpoint
UPDATE `trend_articles` SET `first_seen` = (SELECT `first_shown` FROM `article_facets` WHERE `article_facets`.`article_seq` = `trend_articles`.`article_seq`) WHERE `first_seen` IS NULL;
