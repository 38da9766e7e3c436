DROP INDEX `messages_sender_client`;--> statement-breakpoint
CREATE UNIQUE INDEX `messages_client_sender` ON `messages` (`client_id`,`sender_id`);--> statement-breakpoint
ALTER TABLE `conversation_members` ADD `last_message_id` integer;--> statement-breakpoint
UPDATE `conversation_members` SET `last_message_id` = (SELECT `last_message_id` FROM `conversations` WHERE `conversations`.`id` = `conversation_members`.`conversation_id`);--> statement-breakpoint
ALTER TABLE `conversations` DROP COLUMN `last_message_id`;--> statement-breakpoint
ALTER TABLE `conversations` DROP COLUMN `last_message_at`;
