export * from './sites.js';
export * from './users.js';
export * from './auth.js';
export * from './credits.js';
export * from './chats.js';
export * from './likes.js';
export * from './push.js';
export * from './counts.js';
