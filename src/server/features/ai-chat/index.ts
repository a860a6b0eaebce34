// The AI assistant OVER AI (issue 15): chats with a model behind an OpenAI-compatible endpoint,
// streamed, per school with a monthly quota by plan. Other features and the server's root import
// this feature through this file only.
export { aiChats, aiMessages, aiUsage, aiWelcomeMessages, aiWelcomeSeen } from './tables.ts';
export { aiChatRoutes } from './ai-chat-routes.ts';
export { AI_MESSAGES_BY_TARIFF, aiMessageQuota } from './ai-quota.ts';
