CREATE TABLE `sites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`domain` text NOT NULL,
	`aliases` text DEFAULT '[]' NOT NULL,
	`name` text NOT NULL,
	`domain_language` text DEFAULT 'en_US' NOT NULL,
	`cdn_prefix` text DEFAULT '/media/' NOT NULL,
	`countries` text DEFAULT '[]' NOT NULL,
	`index_title` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`visible_profile_fields` text DEFAULT '[]' NOT NULL,
	`visible_profile_notes` text DEFAULT '[]' NOT NULL,
	`message_credits` integer DEFAULT 1 NOT NULL,
	`signup_credits` integer DEFAULT 0 NOT NULL,
	`photo_credits` integer DEFAULT 1 NOT NULL,
	`gift_credits` integer DEFAULT 5 NOT NULL,
	`message_length` integer DEFAULT 1000 NOT NULL,
	`minimum_message_costs` text DEFAULT '{}' NOT NULL,
	`support_email` text DEFAULT '' NOT NULL,
	`support_phone` text DEFAULT '' NOT NULL,
	`company_name` text DEFAULT '' NOT NULL,
	`company_address` text DEFAULT '' NOT NULL,
	`company_kvk` text DEFAULT '' NOT NULL,
	`company_city` text DEFAULT '' NOT NULL,
	`company_country` text DEFAULT '' NOT NULL,
	`company_tradenames` text DEFAULT '[]' NOT NULL,
	`company_vat_numbers` text DEFAULT '[]' NOT NULL,
	`added_date` text DEFAULT '2023-01-01' NOT NULL,
	`delete_discount` integer DEFAULT 0 NOT NULL,
	`enable_site_entry_popup` text DEFAULT 'yes' NOT NULL,
	`search_fields` text DEFAULT '[]' NOT NULL,
	`fictional_warning` text DEFAULT '' NOT NULL,
	`fictional_singular` text DEFAULT '' NOT NULL,
	`fictional_plural` text DEFAULT '' NOT NULL,
	`refund_days` integer DEFAULT 14 NOT NULL,
	`signups` text DEFAULT 'all' NOT NULL,
	`logged_out_search` text DEFAULT 'none' NOT NULL,
	`logged_out_search_trafficsource` text DEFAULT 'none' NOT NULL,
	`interests` text DEFAULT 'yes' NOT NULL,
	`member_resell` text DEFAULT 'no' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sites_domain_unique` ON `sites` (`domain`);--> statement-breakpoint
CREATE TABLE `interests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`icon` text NOT NULL,
	`labels` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `interests_slug_unique` ON `interests` (`slug`);--> statement-breakpoint
CREATE TABLE `photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`filename` text NOT NULL,
	`thumb_filename` text NOT NULL,
	`status` text DEFAULT 'approved' NOT NULL,
	`is_private` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `photos_user` ON `photos` (`user_id`,`position`);--> statement-breakpoint
CREATE TABLE `profile_interests` (
	`user_id` integer NOT NULL,
	`interest_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `interest_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`interest_id`) REFERENCES `interests`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`site_id` integer NOT NULL,
	`name` text NOT NULL,
	`birth_date` text NOT NULL,
	`gender` text NOT NULL,
	`seeking` text NOT NULL,
	`sexuality` text NOT NULL,
	`country` text NOT NULL,
	`region_code` text,
	`city` text,
	`signup_reason` text,
	`signup_message` text,
	`about` text,
	`tattoos` text,
	`hair_color` text,
	`eye_color` text,
	`body_type` text,
	`relationship_status` text,
	`status` text DEFAULT 'disabled' NOT NULL,
	`main_photo_id` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `profiles_search` ON `profiles` (`site_id`,`status`,`gender`,`country`,`birth_date`);--> statement-breakpoint
CREATE TABLE `regions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`country` text NOT NULL,
	`kind` text NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `regions_country_code` ON `regions` (`country`,`code`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`site_id` integer NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`status` text DEFAULT 'not_confirmed' NOT NULL,
	`credits` integer DEFAULT 0 NOT NULL,
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
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "users_credits_non_negative" CHECK("users"."credits" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_site_email` ON `users` (`site_id`,`email`);--> statement-breakpoint
CREATE TABLE `email_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`new_email` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_tokens_token_hash_unique` ON `email_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_tokens_user_purpose` ON `email_tokens` (`user_id`,`purpose`,`created_at`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`email` text NOT NULL,
	`ip` text NOT NULL,
	`success` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `login_attempts_user` ON `login_attempts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`sess` text NOT NULL,
	`user_id` integer,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_expires` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `credit_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`reference` text NOT NULL,
	`balance_after` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_ledger_idempotency` ON `credit_ledger` (`user_id`,`reason`,`reference`);--> statement-breakpoint
CREATE INDEX `credit_ledger_user` ON `credit_ledger` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `blocks` (
	`blocker_id` integer NOT NULL,
	`blocked_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`blocker_id`, `blocked_id`),
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blocks_blocked` ON `blocks` (`blocked_id`);--> statement-breakpoint
CREATE TABLE `conversation_members` (
	`conversation_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`unread_count` integer DEFAULT 0 NOT NULL,
	`last_read_message_id` integer DEFAULT 0 NOT NULL,
	`hidden_before_message_id` integer DEFAULT 0 NOT NULL,
	`deleted_at` integer,
	PRIMARY KEY(`conversation_id`, `user_id`),
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversation_members_user` ON `conversation_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_low` integer NOT NULL,
	`user_high` integer NOT NULL,
	`started_by` integer NOT NULL,
	`last_message_id` integer,
	`last_message_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_low`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_high`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_pair` ON `conversations` (`user_low`,`user_high`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` integer NOT NULL,
	`sender_id` integer NOT NULL,
	`client_id` text NOT NULL,
	`kind` text DEFAULT 'text' NOT NULL,
	`body` text NOT NULL,
	`gift_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_sender_client` ON `messages` (`sender_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `messages_conversation` ON `messages` (`conversation_id`,`id`);--> statement-breakpoint
CREATE TABLE `likes` (
	`liker_id` integer NOT NULL,
	`liked_id` integer NOT NULL,
	`is_new` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`liker_id`, `liked_id`),
	FOREIGN KEY (`liker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`liked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `likes_liked` ON `likes` (`liked_id`,`is_new`);--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`endpoint` text NOT NULL,
	`keys` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE TABLE `server_keys` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
