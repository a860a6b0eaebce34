// Telegram notifications (issue 15): the linked chats, the notices' settings, the bot's webhook.
// Other features and the server's root import this feature through this file only.
export { telegramLinkCodes, telegramLinks, telegramOutbox, telegramReminderSettings, telegramSettings } from './tables.ts';
export { telegramRoutes, schoolReminderSettings } from './telegram-routes.ts';
export { notifyTelegram, TELEGRAM_KINDS, type TelegramKind } from './notify.ts';
export { pruneTelegram } from './prune-telegram.ts';
