-- observations and aggregates are WITHOUT ROWID (added by scripts/generate-migrations.sh)
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`countries` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`revoked_at` text,
	`last_used_at` text,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash_uq` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_project_idx` ON `api_keys` (`project_id`);--> statement-breakpoint
CREATE TABLE `article_counts` (
	`region` text NOT NULL,
	`lang` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`region`, `lang`)
);
--> statement-breakpoint
CREATE TABLE `article_daily` (
	`day` integer NOT NULL,
	`country` text NOT NULL,
	`article_seq` integer NOT NULL,
	`impressions` integer NOT NULL,
	`observations` integer NOT NULL,
	`best_position` integer NOT NULL,
	`position_sum` integer NOT NULL,
	`first_seen` integer NOT NULL,
	`last_seen` integer NOT NULL,
	PRIMARY KEY(`day`, `country`, `article_seq`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `article_daily_article_idx` ON `article_daily` (`article_seq`);--> statement-breakpoint
CREATE TABLE `article_entities` (
	`article_id` text NOT NULL,
	`entity_id` text NOT NULL,
	`score` real NOT NULL,
	PRIMARY KEY(`article_id`, `entity_id`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entity_id`) REFERENCES `entities`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `article_entities_entity_idx` ON `article_entities` (`entity_id`);--> statement-breakpoint
CREATE TABLE `article_facets` (
	`article_seq` integer PRIMARY KEY NOT NULL,
	`region` text NOT NULL,
	`lang` text NOT NULL,
	`domain` text NOT NULL,
	`category` text,
	`content_type` text,
	`has_summary` integer NOT NULL,
	`has_entities` integer NOT NULL,
	`published_at` integer,
	`first_seen` integer,
	`last_seen` integer,
	`impressions` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `article_facets_last_idx` ON `article_facets` (`last_seen`,`article_seq`);--> statement-breakpoint
CREATE INDEX `article_facets_first_idx` ON `article_facets` (`first_seen`,`article_seq`);--> statement-breakpoint
CREATE INDEX `article_facets_impressions_idx` ON `article_facets` (`impressions`,`article_seq`);--> statement-breakpoint
CREATE INDEX `article_facets_published_idx` ON `article_facets` (`published_at`,`article_seq`);--> statement-breakpoint
CREATE INDEX `article_facets_region_idx` ON `article_facets` (`region`,`last_seen`);--> statement-breakpoint
CREATE INDEX `article_facets_region_first_idx` ON `article_facets` (`region`,`first_seen`);--> statement-breakpoint
CREATE INDEX `article_facets_category_idx` ON `article_facets` (`category`,`content_type`,`region`);--> statement-breakpoint
CREATE INDEX `article_facets_domain_idx` ON `article_facets` (`domain`,`first_seen`);--> statement-breakpoint
CREATE INDEX `article_facets_lang_idx` ON `article_facets` (`lang`,`region`);--> statement-breakpoint
CREATE TABLE `article_hourly` (
	`hour` integer NOT NULL,
	`country` text NOT NULL,
	`article_seq` integer NOT NULL,
	`impressions` integer NOT NULL,
	`observations` integer NOT NULL,
	`best_position` integer NOT NULL,
	`position_sum` integer NOT NULL,
	`first_seen` integer NOT NULL,
	`last_seen` integer NOT NULL,
	PRIMARY KEY(`hour`, `country`, `article_seq`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `articles` (
	`seq` integer PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`url` text NOT NULL,
	`title` text NOT NULL,
	`domain` text NOT NULL,
	`publisher_id` integer,
	`region` text NOT NULL,
	`lang` text NOT NULL,
	`category` text,
	`content_type` text,
	`summary` text,
	`markdown` text,
	`images` text,
	`published_at` text,
	`entity_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`publisher_id`) REFERENCES `publishers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `articles_id_uq` ON `articles` (`id`);--> statement-breakpoint
CREATE INDEX `articles_domain_idx` ON `articles` (`domain`);--> statement-breakpoint
CREATE TABLE `cities` (
	`id` integer PRIMARY KEY NOT NULL,
	`region` text NOT NULL,
	`name` text NOT NULL,
	`is_active` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`region`) REFERENCES `regions`(`alpha_2`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cities_region_idx` ON `cities` (`region`,`name`,`id`,`is_active`);--> statement-breakpoint
CREATE TABLE `demo_shakeups` (
	`day` text NOT NULL,
	`country` text NOT NULL,
	`format_group` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`day`, `country`, `format_group`)
);
--> statement-breakpoint
CREATE TABLE `demo_storylines` (
	`id` text PRIMARY KEY NOT NULL,
	`label` text NOT NULL,
	`shape` text NOT NULL,
	`parent_id` text,
	`topic` text NOT NULL,
	`theme` text NOT NULL,
	`primary_country` text NOT NULL,
	`article_count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `entities` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`type` text
);
--> statement-breakpoint
CREATE INDEX `entities_name_idx` ON `entities` ("name" COLLATE NOCASE);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`subject` text,
	`status` text NOT NULL,
	`progress` real DEFAULT 0 NOT NULL,
	`started_at` text,
	`finished_at` text,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `jobs_kind_status_idx` ON `jobs` (`kind`,`status`);--> statement-breakpoint
CREATE TABLE `languages` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `mention_matches` (
	`item_id` text NOT NULL,
	`article_id` text NOT NULL,
	`list_id` text NOT NULL,
	`field` text NOT NULL,
	`matched_text` text NOT NULL,
	`matched_at` text NOT NULL,
	PRIMARY KEY(`item_id`, `article_id`, `field`),
	FOREIGN KEY (`item_id`) REFERENCES `tracking_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`list_id`) REFERENCES `tracking_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mention_matches_list_idx` ON `mention_matches` (`list_id`);--> statement-breakpoint
CREATE TABLE `observations` (
	`country` text NOT NULL,
	`observed_at` integer NOT NULL,
	`article_seq` integer NOT NULL,
	`position` integer NOT NULL,
	`estimated_impressions` integer NOT NULL,
	PRIMARY KEY(`country`, `observed_at`, `article_seq`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `plans` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`api_access` integer NOT NULL,
	`history_days` integer,
	`requests_per_minute` integer,
	`requests_per_month` integer,
	`keys_per_project` integer,
	`limit_entity` integer,
	`limit_category` integer,
	`limit_publisher` integer,
	`limit_mention` integer
);
--> statement-breakpoint
CREATE TABLE `projects` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`plan_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `publishers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`domain` text NOT NULL,
	`name` text NOT NULL,
	`country` text,
	`profile_exists` integer DEFAULT false NOT NULL,
	`knowledge_graph_id` text,
	`total_followers` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `publishers_domain_uq` ON `publishers` (`domain`);--> statement-breakpoint
CREATE INDEX `publishers_name_idx` ON `publishers` (`name`);--> statement-breakpoint
CREATE TABLE `rate_counters` (
	`subject` text NOT NULL,
	`window` text NOT NULL,
	`window_start` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`subject`, `window`)
);
--> statement-breakpoint
CREATE TABLE `regions` (
	`alpha_2` text PRIMARY KEY NOT NULL,
	`alpha_3` text NOT NULL,
	`name` text NOT NULL,
	`languages` text NOT NULL,
	`population` integer,
	`internet_population` integer,
	`is_active` integer DEFAULT false NOT NULL,
	`utc_offset_minutes` integer DEFAULT 0 NOT NULL,
	`first_data_at` text
);
--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `signal_series` (
	`signal` text NOT NULL,
	`country` text NOT NULL,
	`subject` text NOT NULL,
	`granularity` text NOT NULL,
	`bucket` text NOT NULL,
	`value` real NOT NULL,
	`is_spike` integer DEFAULT false NOT NULL,
	`state` text NOT NULL,
	`detail` text,
	PRIMARY KEY(`signal`, `country`, `granularity`, `subject`, `bucket`)
);
--> statement-breakpoint
CREATE TABLE `storyline_truth` (
	`article_id` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`storyline_id` text NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `storyline_truth_source_idx` ON `storyline_truth` (`source`,`storyline_id`);--> statement-breakpoint
CREATE TABLE `subject_daily` (
	`subject_kind` text NOT NULL,
	`subject_key` text NOT NULL,
	`country` text NOT NULL,
	`day` integer NOT NULL,
	`impressions` integer NOT NULL,
	`publications` integer NOT NULL,
	`observations` integer NOT NULL,
	`position_sum` integer NOT NULL,
	PRIMARY KEY(`subject_kind`, `subject_key`, `country`, `day`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `themes` (
	`id` text PRIMARY KEY NOT NULL,
	`label` text NOT NULL,
	`label_ru` text DEFAULT '' NOT NULL,
	`n_trends` integer DEFAULT 0 NOT NULL,
	`n_articles` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `topics` (
	`id` text PRIMARY KEY NOT NULL,
	`theme_id` text NOT NULL,
	`label` text NOT NULL,
	`label_ru` text DEFAULT '' NOT NULL,
	`n_trends` integer DEFAULT 0 NOT NULL,
	`n_articles` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`theme_id`) REFERENCES `themes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `topics_theme_idx` ON `topics` (`theme_id`);--> statement-breakpoint
CREATE TABLE `tracking_items` (
	`id` text PRIMARY KEY NOT NULL,
	`list_id` text NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`type` text,
	`position` integer NOT NULL,
	`added_at` text NOT NULL,
	FOREIGN KEY (`list_id`) REFERENCES `tracking_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tracking_items_list_key_uq` ON `tracking_items` (`list_id`,`key`,`type`);--> statement-breakpoint
CREATE INDEX `tracking_items_key_idx` ON `tracking_items` (`key`);--> statement-breakpoint
CREATE TABLE `tracking_lists` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`color_index` integer DEFAULT 0 NOT NULL,
	`countries` text,
	`langs` text,
	`search_scope` text,
	`active` integer,
	`scan_status` text,
	`scan_error` text,
	`extraction_started_at` text,
	`last_scanned_at` text,
	`next_scan_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tracking_lists_project_idx` ON `tracking_lists` (`project_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `trend_articles` (
	`trend_id` text NOT NULL,
	`article_id` text NOT NULL,
	`assignment_score` real NOT NULL,
	`role` text NOT NULL,
	PRIMARY KEY(`trend_id`, `article_id`),
	FOREIGN KEY (`trend_id`) REFERENCES `trends`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trend_articles_article_uq` ON `trend_articles` (`article_id`);--> statement-breakpoint
CREATE TABLE `trend_links` (
	`parent_id` text NOT NULL,
	`child_id` text NOT NULL,
	`relation_type` text NOT NULL,
	`strength` real NOT NULL,
	PRIMARY KEY(`parent_id`, `child_id`),
	FOREIGN KEY (`parent_id`) REFERENCES `trends`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `trends`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trend_links_child_idx` ON `trend_links` (`child_id`);--> statement-breakpoint
CREATE TABLE `trends` (
	`id` text PRIMARY KEY NOT NULL,
	`label` text NOT NULL,
	`label_ru` text DEFAULT '' NOT NULL,
	`state` text NOT NULL,
	`structural_type` text NOT NULL,
	`semantic_type` text NOT NULL,
	`article_count` integer DEFAULT 0 NOT NULL,
	`first_seen_at` text,
	`last_article_at` text,
	`key_entities` text NOT NULL,
	`primary_country` text,
	`country_scope` text NOT NULL,
	`topic_id` text,
	`daily_counts` text NOT NULL,
	`features` text NOT NULL,
	`forecast` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`topic_id`) REFERENCES `topics`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `trends_topic_idx` ON `trends` (`topic_id`);--> statement-breakpoint
CREATE INDEX `trends_last_article_idx` ON `trends` (`last_article_at`);--> statement-breakpoint
CREATE INDEX `trends_state_idx` ON `trends` (`state`);