// Telegram notifications (issue 15): the profile's «Telegram» section.
// The shell and other features use this feature through this file only.
export { TelegramSection } from './telegram-section.tsx';
