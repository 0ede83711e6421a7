-- Full-text search over article titles and text fields (FTS5, kept in sync by triggers).
CREATE VIRTUAL TABLE `articles_fts` USING fts5(title, summary, markdown, content='articles', content_rowid='seq', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `articles_fts_ai` AFTER INSERT ON `articles` BEGIN
  INSERT INTO articles_fts(rowid, title, summary, markdown) VALUES (new.rowid, new.title, new.summary, new.markdown);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_ad` AFTER DELETE ON `articles` BEGIN
  INSERT INTO articles_fts(articles_fts, rowid, title, summary, markdown) VALUES ('delete', old.rowid, old.title, old.summary, old.markdown);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_au` AFTER UPDATE OF title, summary, markdown ON `articles` BEGIN
  INSERT INTO articles_fts(articles_fts, rowid, title, summary, markdown) VALUES ('delete', old.rowid, old.title, old.summary, old.markdown);
  INSERT INTO articles_fts(rowid, title, summary, markdown) VALUES (new.rowid, new.title, new.summary, new.markdown);
END;
--> statement-breakpoint
-- Articles per region and language, kept current as facets rows come and go.
CREATE TRIGGER `article_counts_ai` AFTER INSERT ON `article_facets` BEGIN
  INSERT INTO article_counts (region, lang, n) VALUES (new.region, new.lang, 1) ON CONFLICT (region, lang) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `article_counts_ad` AFTER DELETE ON `article_facets` BEGIN
  UPDATE article_counts SET n = n - 1 WHERE region = old.region AND lang = old.lang;
END;
--> statement-breakpoint
CREATE TRIGGER `article_counts_au` AFTER UPDATE OF region, lang ON `article_facets` WHEN old.region <> new.region OR old.lang <> new.lang BEGIN
  UPDATE article_counts SET n = n - 1 WHERE region = old.region AND lang = old.lang;
  INSERT INTO article_counts (region, lang, n) VALUES (new.region, new.lang, 1) ON CONFLICT (region, lang) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
-- Plans (docs/contract-decisions.md): Pro as the contract fixes it; Start and Enterprise as decided.
INSERT INTO `plans` (id, name, api_access, history_days, requests_per_minute, requests_per_month, keys_per_project, limit_entity, limit_category, limit_publisher, limit_mention) VALUES
  ('start', 'Start', 0, 30, 60, 10000, 0, 25, 10, 25, 10),
  ('pro', 'Pro', 1, NULL, 500, 1000000, 10, 500, 200, 500, 200),
  ('enterprise', 'Enterprise', 1, NULL, 2000, 10000000, 50, NULL, NULL, NULL, NULL);
