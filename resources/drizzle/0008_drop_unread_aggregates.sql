DROP TABLE `jobs`;--> statement-breakpoint
DROP TABLE `subject_daily`;