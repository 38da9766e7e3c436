CREATE TABLE `counts_clock` (
	`id` integer PRIMARY KEY NOT NULL,
	`value` integer NOT NULL,
	CONSTRAINT "counts_clock_single_row" CHECK("counts_clock"."id" = 1)
);
--> statement-breakpoint
-- The clock's one row, and the triggers that move it (db/schema/counts.ts): every change to what a
-- member's counts are made of, in the transaction that makes it. A migration that rebuilds
-- `conversation_members` or `likes` drops their triggers with the old table and must create them again.
INSERT INTO `counts_clock` (`id`, `value`) VALUES (1, 0);--> statement-breakpoint
CREATE TRIGGER `counts_clock_member_changed` AFTER UPDATE OF `unread_count`, `deleted_at` ON `conversation_members`
WHEN OLD.`unread_count` IS NOT NEW.`unread_count` OR OLD.`deleted_at` IS NOT NEW.`deleted_at`
BEGIN
  UPDATE `counts_clock` SET `value` = `value` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `counts_clock_member_added` AFTER INSERT ON `conversation_members`
WHEN NEW.`unread_count` != 0 AND NEW.`deleted_at` IS NULL
BEGIN
  UPDATE `counts_clock` SET `value` = `value` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `counts_clock_member_removed` AFTER DELETE ON `conversation_members`
WHEN OLD.`unread_count` != 0 AND OLD.`deleted_at` IS NULL
BEGIN
  UPDATE `counts_clock` SET `value` = `value` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `counts_clock_like_added` AFTER INSERT ON `likes`
WHEN NEW.`is_new`
BEGIN
  UPDATE `counts_clock` SET `value` = `value` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `counts_clock_like_changed` AFTER UPDATE OF `is_new` ON `likes`
WHEN OLD.`is_new` IS NOT NEW.`is_new`
BEGIN
  UPDATE `counts_clock` SET `value` = `value` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `counts_clock_like_removed` AFTER DELETE ON `likes`
WHEN OLD.`is_new`
BEGIN
  UPDATE `counts_clock` SET `value` = `value` + 1 WHERE `id` = 1;
END;
