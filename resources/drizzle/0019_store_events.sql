CREATE TABLE `store_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `store_events_at_idx` ON `store_events` (`at`);