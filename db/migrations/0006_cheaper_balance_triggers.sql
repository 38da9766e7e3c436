-- The same guarantees as 0005 with two trigger programs per ledger row instead of four, and two
-- look-ups instead of seven (docs/decisions.md, chat domain): every member has a balance row from
-- the start, so a movement only updates it, and the row remembers which ledger row it came from
-- (`ledger_id`), so the guard checks that one row instead of finding the ledger's newest.
DROP TRIGGER `credit_ledger_balance_chain`;--> statement-breakpoint
DROP TRIGGER `credit_balances_follow_ledger`;--> statement-breakpoint
DROP TRIGGER `credit_balances_insert_from_ledger`;--> statement-breakpoint
DROP TRIGGER `credit_balances_update_from_ledger`;--> statement-breakpoint
ALTER TABLE `credit_balances` ADD `ledger_id` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `credit_balances` SET `ledger_id` = (SELECT max(`l`.`id`) FROM `credit_ledger` `l` WHERE `l`.`user_id` = `credit_balances`.`user_id`);--> statement-breakpoint
INSERT INTO `credit_balances` (`user_id`, `balance`, `ledger_id`)
SELECT `u`.`id`, 0, 0 FROM `users` `u` WHERE NOT EXISTS (SELECT 1 FROM `credit_balances` `b` WHERE `b`.`user_id` = `u`.`id`);--> statement-breakpoint
-- A member starts at 0, before any ledger row. A migration that rebuilds `users` drops this
-- trigger with the old table and must create it again.
CREATE TRIGGER `credit_balances_open_with_member` AFTER INSERT ON `users`
BEGIN
  INSERT INTO `credit_balances` (`user_id`, `balance`, `ledger_id`) VALUES (NEW.`id`, 0, 0);
END;--> statement-breakpoint
-- The only writer of credit_balances after that first row. Its UPDATE goes through the guard below,
-- which also holds the ledger's chain: a row that does not follow from the balance is refused.
CREATE TRIGGER `credit_balances_follow_ledger` AFTER INSERT ON `credit_ledger`
BEGIN
  UPDATE `credit_balances` SET `balance` = NEW.`balance_after`, `ledger_id` = NEW.`id` WHERE `user_id` = NEW.`user_id`;
  SELECT RAISE(ABORT, 'credit_ledger: the member has no balance row') WHERE changes() = 0;
END;--> statement-breakpoint
-- A new row is the member's opening zero, nothing else.
CREATE TRIGGER `credit_balances_insert_from_ledger` BEFORE INSERT ON `credit_balances`
WHEN NEW.`balance` != 0 OR NEW.`ledger_id` != 0
BEGIN
  SELECT RAISE(ABORT, 'credit_balances: written only from the ledger');
END;--> statement-breakpoint
-- A balance moves only to a newer ledger row of the same member, by exactly that row's delta, and
-- never below zero. The trigger above keeps ledger_id at the member's newest row, so no newer row
-- of theirs exists for any other statement to point at.
CREATE TRIGGER `credit_balances_update_from_ledger` BEFORE UPDATE ON `credit_balances`
WHEN NEW.`user_id` != OLD.`user_id`
  OR NEW.`ledger_id` <= OLD.`ledger_id`
  OR NEW.`balance` < 0
  OR NOT EXISTS (
    SELECT 1 FROM `credit_ledger`
    WHERE `id` = NEW.`ledger_id` AND `user_id` = NEW.`user_id` AND `balance_after` = NEW.`balance` AND `delta` = NEW.`balance` - OLD.`balance`
  )
BEGIN
  -- A ledger row that does not follow from the balance before it (or would leave it negative).
  SELECT RAISE(ABORT, 'credit_ledger: balance_after must be the previous balance plus delta, and not negative')
  WHERE NEW.`user_id` = OLD.`user_id` AND NEW.`ledger_id` > OLD.`ledger_id`
    AND EXISTS (SELECT 1 FROM `credit_ledger` WHERE `id` = NEW.`ledger_id` AND `user_id` = NEW.`user_id` AND `balance_after` = NEW.`balance`);
  SELECT RAISE(ABORT, 'credit_balances: written only from the ledger');
END;
