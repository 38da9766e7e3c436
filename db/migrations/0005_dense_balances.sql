-- The balance moves from a look-up of the ledger's newest row per member to a small table the
-- database keeps from the ledger, so that a message's charge no longer writes a leaf of the
-- ledger's user index (docs/decisions.md, chat domain).
CREATE TABLE `credit_balances` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`balance` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Every member's newest ledger row, read through the full user index before it becomes partial.
INSERT INTO `credit_balances` (`user_id`, `balance`)
SELECT `l`.`user_id`, `l`.`balance_after`
FROM `credit_ledger` `l`
WHERE `l`.`id` = (SELECT max(`n`.`id`) FROM `credit_ledger` `n` WHERE `n`.`user_id` = `l`.`user_id`);--> statement-breakpoint
DROP TRIGGER `credit_ledger_balance_chain`;--> statement-breakpoint
-- As in 0004, now against the kept balance: a row must leave a balance of zero or more, and
-- exactly the previous balance plus its delta.
CREATE TRIGGER `credit_ledger_balance_chain` BEFORE INSERT ON `credit_ledger`
WHEN NEW.`balance_after` < 0
  OR NEW.`balance_after` != COALESCE((SELECT `balance` FROM `credit_balances` WHERE `user_id` = NEW.`user_id`), 0) + NEW.`delta`
BEGIN
  SELECT RAISE(ABORT, 'credit_ledger: balance_after must be the previous balance plus delta, and not negative');
END;--> statement-breakpoint
-- The only writer of credit_balances.
CREATE TRIGGER `credit_balances_follow_ledger` AFTER INSERT ON `credit_ledger`
BEGIN
  INSERT INTO `credit_balances` (`user_id`, `balance`) VALUES (NEW.`user_id`, NEW.`balance_after`)
  ON CONFLICT (`user_id`) DO UPDATE SET `balance` = excluded.`balance`;
END;--> statement-breakpoint
-- Any other write is refused: a balance may only be set to what the newest ledger row (the one
-- whose insert fired the trigger above) says of its member, so no statement can give credits
-- without a ledger row that says so. The newest row is one seek to the end of the table.
CREATE TRIGGER `credit_balances_insert_from_ledger` BEFORE INSERT ON `credit_balances`
WHEN NOT EXISTS (SELECT 1 FROM `credit_ledger` WHERE `id` = (SELECT max(`id`) FROM `credit_ledger`) AND `user_id` = NEW.`user_id` AND `balance_after` = NEW.`balance`)
BEGIN
  SELECT RAISE(ABORT, 'credit_balances: written only from the ledger');
END;--> statement-breakpoint
CREATE TRIGGER `credit_balances_update_from_ledger` BEFORE UPDATE ON `credit_balances`
WHEN NEW.`user_id` != OLD.`user_id`
  OR NOT EXISTS (SELECT 1 FROM `credit_ledger` WHERE `id` = (SELECT max(`id`) FROM `credit_ledger`) AND `user_id` = NEW.`user_id` AND `balance_after` = NEW.`balance`)
BEGIN
  SELECT RAISE(ABORT, 'credit_balances: written only from the ledger');
END;--> statement-breakpoint
-- A deleted row would read as a balance of 0 while the ledger says otherwise. Only the cascade of a
-- deleted member removes one: by then the member's row is gone.
CREATE TRIGGER `credit_balances_delete_with_member` BEFORE DELETE ON `credit_balances`
WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`)
BEGIN
  SELECT RAISE(ABORT, 'credit_balances: written only from the ledger');
END;--> statement-breakpoint
DROP INDEX `credit_ledger_user`;--> statement-breakpoint
CREATE INDEX `credit_ledger_user` ON `credit_ledger` (`user_id`,`id`) WHERE message_id IS NULL;
