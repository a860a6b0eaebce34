// Every table, for Drizzle's typed database object (database.ts) and drizzle-kit (drizzle.config.ts).
// Migrations in ./migrations are generated from these files by `npm run db:generate` and committed;
// the server applies them on start. Code imports a table from its feature, never from here.
export * from './core-tables.ts';
export * from '../../features/schools/tables.ts';
export * from '../../features/accounts/tables.ts';
export * from '../../features/roles/tables.ts';
export * from '../../features/access-logs/tables.ts';
export * from '../../features/courses/tables.ts';
export * from '../../features/groups/tables.ts';
export * from '../../features/catalog/tables.ts';
export * from '../../features/webinars/tables.ts';
export * from '../../features/tariffs/tables.ts';
export * from '../../features/learning/tables.ts';
export * from '../../features/homework/tables.ts';
export * from '../../features/bonuses/tables.ts';
export * from '../../features/statistics/tables.ts';
export * from '../../features/feedbacks/tables.ts';
export * from '../../features/rating/tables.ts';
export * from '../../features/banners/tables.ts';
export * from '../../features/invites-program/tables.ts';
export * from '../../features/newsletters/tables.ts';
export * from '../../features/school-promo/tables.ts';
export * from '../../features/gamification/tables.ts';
export * from '../../features/sales/tables.ts';
export * from '../../features/meetings/tables.ts';
export * from '../../features/chats/tables.ts';
export * from '../../features/telegram/tables.ts';
export * from '../../features/ai-chat/tables.ts';
