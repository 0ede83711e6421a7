ALTER TABLE `trend_articles` ADD `article_seq` integer;--> statement-breakpoint
UPDATE `trend_articles` SET `article_seq` = (SELECT `seq` FROM `articles` WHERE `articles`.`id` = `trend_articles`.`article_id`);--> statement-breakpoint
CREATE INDEX `trend_articles_page_idx` ON `trend_articles` (`trend_id`,`role`,`article_seq`,`assignment_score`);