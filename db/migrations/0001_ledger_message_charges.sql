PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_credit_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`reference` text,
	`message_id` integer,
	`balance_after` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_credit_ledger`("id", "user_id", "delta", "reason", "reference", "message_id", "balance_after", "created_at") SELECT "id", "user_id", "delta", "reason", "reference", NULL, "balance_after", "created_at" FROM `credit_ledger`;--> statement-breakpoint
DROP TABLE `credit_ledger`;--> statement-breakpoint
ALTER TABLE `__new_credit_ledger` RENAME TO `credit_ledger`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `credit_ledger_idempotency` ON `credit_ledger` (`user_id`,`reason`,`reference`) WHERE reference IS NOT NULL;--> statement-breakpoint
CREATE INDEX `credit_ledger_user` ON `credit_ledger` (`user_id`,`created_at`);