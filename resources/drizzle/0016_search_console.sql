CREATE TABLE `gsc_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`property` text NOT NULL,
	`search_type` text NOT NULL,
	`source` text NOT NULL,
	`file_name` text NOT NULL,
	`fingerprint` text NOT NULL,
	`day_from` text NOT NULL,
	`day_to` text NOT NULL,
	`filters` text DEFAULT '' NOT NULL,
	`rows` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gsc_imports_fingerprint_uq` ON `gsc_imports` (`fingerprint`);--> statement-breakpoint
CREATE TABLE `gsc_rows` (
	`property` text NOT NULL,
	`search_type` text NOT NULL,
	`day_from` text NOT NULL,
	`day_to` text NOT NULL,
	`page` text DEFAULT '' NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`appearance` text DEFAULT '' NOT NULL,
	`filters` text DEFAULT '' NOT NULL,
	`clicks` integer NOT NULL,
	`impressions` integer NOT NULL,
	`article_id` text,
	`import_id` integer NOT NULL,
	PRIMARY KEY(`property`, `search_type`, `day_from`, `day_to`, `page`, `country`, `appearance`, `filters`),
	FOREIGN KEY (`import_id`) REFERENCES `gsc_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `gsc_rows_article_idx` ON `gsc_rows` (`article_id`);