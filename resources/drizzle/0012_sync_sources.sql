ALTER TABLE `sync_upstreams` ADD `key_secret` blob;--> statement-breakpoint
ALTER TABLE `sync_upstreams` ADD `key_storage` text;--> statement-breakpoint
ALTER TABLE `sync_upstreams` ADD `schedule_minutes` integer;