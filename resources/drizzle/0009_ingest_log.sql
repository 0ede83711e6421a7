CREATE TABLE `ingest_log` (
	`generation` integer PRIMARY KEY NOT NULL,
	`articles` text NOT NULL,
	`groups` text NOT NULL
);
--> statement-breakpoint
INSERT OR IGNORE INTO `settings` (`key`, `value`) VALUES ('store_id', lower(hex(randomblob(16))));
