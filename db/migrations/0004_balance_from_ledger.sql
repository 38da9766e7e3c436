PRAGMA foreign_keys=OFF;--> statement-breakpoint
-- The balance moves from users.credits to the ledger's newest row. Where the two disagree (rows
-- written before every move went through the ledger, seeded members), one row carries it over.
INSERT INTO `credit_ledger` (`user_id`, `delta`, `reason`, `reference`, `message_id`, `balance_after`, `created_at`)
SELECT `u`.`id`,
       `u`.`credits` - COALESCE((SELECT `l`.`balance_after` FROM `credit_ledger` `l` WHERE `l`.`user_id` = `u`.`id` ORDER BY `l`.`id` DESC LIMIT 1), 0),
       'admin', 'balance-carried-over', NULL, `u`.`credits`, CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM `users` `u`
WHERE `u`.`credits` != COALESCE((SELECT `l`.`balance_after` FROM `credit_ledger` `l` WHERE `l`.`user_id` = `u`.`id` ORDER BY `l`.`id` DESC LIMIT 1), 0);--> statement-breakpoint
CREATE TABLE `__new_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`site_id` integer NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`status` text DEFAULT 'not_confirmed' NOT NULL,
	`paid_user` integer DEFAULT false NOT NULL,
	`notifications_disabled` text DEFAULT '[]' NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`fictional_icon` integer DEFAULT false NOT NULL,
	`invisible` integer DEFAULT false NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	`failed_logins` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`session_epoch` integer DEFAULT 0 NOT NULL,
	`traffic_source` text,
	`signup_date` integer NOT NULL,
	`last_seen_at` integer,
	`deletion_requested_at` integer,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_users`("id", "site_id", "email", "password_hash", "status", "paid_user", "notifications_disabled", "language", "fictional_icon", "invisible", "is_demo", "failed_logins", "locked_until", "session_epoch", "traffic_source", "signup_date", "last_seen_at", "deletion_requested_at") SELECT "id", "site_id", "email", "password_hash", "status", "paid_user", "notifications_disabled", "language", "fictional_icon", "invisible", "is_demo", "failed_logins", "locked_until", "session_epoch", "traffic_source", "signup_date", "last_seen_at", "deletion_requested_at" FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `users_site_email` ON `users` (`site_id`,`email`);--> statement-breakpoint
DROP INDEX `credit_ledger_user`;--> statement-breakpoint
CREATE INDEX `credit_ledger_user` ON `credit_ledger` (`user_id`,`id`);--> statement-breakpoint
-- The last line of defence that CHECK (credits >= 0) on users was: a row must leave a balance of
-- zero or more, and exactly the previous balance plus its delta.
CREATE TRIGGER `credit_ledger_balance_chain` BEFORE INSERT ON `credit_ledger`
WHEN NEW.`balance_after` < 0
  OR NEW.`balance_after` != COALESCE((SELECT `balance_after` FROM `credit_ledger` WHERE `user_id` = NEW.`user_id` ORDER BY `id` DESC LIMIT 1), 0) + NEW.`delta`
BEGIN
  SELECT RAISE(ABORT, 'credit_ledger: balance_after must be the previous balance plus delta, and not negative');
END;
