CREATE TABLE `trend_early` (
	`trend_id` text PRIMARY KEY NOT NULL,
	`article_count` integer NOT NULL,
	`sums` text NOT NULL,
	FOREIGN KEY (`trend_id`) REFERENCES `trends`(`id`) ON UPDATE no action ON DELETE cascade
);
