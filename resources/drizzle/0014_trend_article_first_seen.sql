DROP INDEX `trend_articles_page_idx`;--> statement-breakpoint
ALTER TABLE `trend_articles` ADD `first_seen` integer;--> statement-breakpoint
UPDATE `trend_articles` SET `first_seen` = (SELECT `first_seen` FROM `article_facets` WHERE `article_facets`.`article_seq` = `trend_articles`.`article_seq`);--> statement-breakpoint
CREATE INDEX `trend_articles_page_idx` ON `trend_articles` (`trend_id`,`first_seen`,`role`,`article_seq`,`assignment_score`,`article_id`);--> statement-breakpoint
CREATE TRIGGER `trend_articles_first_seen_au` AFTER UPDATE OF `first_seen` ON `article_facets` WHEN new.first_seen IS NOT old.first_seen BEGIN
  UPDATE trend_articles SET first_seen = new.first_seen WHERE article_id = (SELECT id FROM articles WHERE seq = new.article_seq);
END;
