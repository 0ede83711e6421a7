CREATE TABLE `alert_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`definition` text NOT NULL,
	`muted` integer DEFAULT false NOT NULL,
	`state` text,
	`evaluated_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`rule_id` text NOT NULL,
	`at` text NOT NULL,
	`title` text NOT NULL,
	`evidence` text NOT NULL,
	`link` text NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`rule_id`) REFERENCES `alert_rules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alerts_at_idx` ON `alerts` (`at`);--> statement-breakpoint
CREATE INDEX `alerts_rule_idx` ON `alerts` (`rule_id`);