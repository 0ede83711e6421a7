CREATE TABLE `notes` (
	`id` text PRIMARY KEY NOT NULL,
	`day_from` text NOT NULL,
	`day_to` text NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`text` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `search_updates` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`day_from` text NOT NULL,
	`day_to` text,
	`source_url` text NOT NULL
);
