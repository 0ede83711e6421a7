DROP INDEX `mention_matches_list_idx`;--> statement-breakpoint
CREATE INDEX `mention_matches_list_article_idx` ON `mention_matches` (`list_id`,`article_id`);