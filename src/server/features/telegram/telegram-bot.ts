// The bot of one app: sends through the Bot API (grammy, TELEGRAM_API_URL), or into
// telegram_outbox while the server has no TELEGRAM_BOT_TOKEN, and links a chat on /start <code>.
// Every Bot API call gives up after API_TIMEOUT_SECONDS: an unreachable Telegram never holds a
// request or a background job longer.
import { createHash } from 'node:crypto';
import { telegramMessages as t } from '#core/messages/telegram';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { Bot } from 'grammy';
import type { Message, Update } from 'grammy/types';
import type { AppContext } from '../../context.ts';
import { telegramLinkCodes, telegramLinks, telegramOutbox } from './tables.ts';

export interface TelegramBot {
  /** Whether messages go to Telegram (a token is set), not to the outbox. */
  readonly configured: boolean;
  /** The bot's @username (getMe, asked once); null without a bot; throws while Telegram is unreachable. */
  username(): Promise<string | null>;
  /** Sends a text to a chat, or keeps it in the outbox; throws on the Bot API's refusal. */
  send(chatId: number, userId: number | null, text: string): Promise<void>;
  /**
   * An update from the webhook (its secret already checked): a /start <code> links the chat (in the
   * database, whether or not Telegram answers), then the reply goes out; throws if it could not.
   */
  handleUpdate(update: Update): Promise<void>;
}

/** How long one Bot API call may take. */
export const API_TIMEOUT_SECONDS = 10;

/** SHA-256 of a link code: the table keeps no usable code. */
export const codeHash = (code: string) => createHash('sha256').update(code).digest('hex');

const bots = new WeakMap<AppContext, TelegramBot>();

/** The app's bot, made on first use. */
export function telegramBot(ctx: AppContext): TelegramBot {
  let bot = bots.get(ctx);
  if (!bot) {
    bot = createTelegramBot(ctx);
    bots.set(ctx, bot);
  }
  return bot;
}

/** Links the chat to the code's user, once and within 10 minutes; the reply to send. */
export async function linkByCode(ctx: AppContext, code: string, chatId: number, username: string): Promise<string> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(code)) return t.codeInvalid;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // The conditional update takes the code once: of two /start with it at once, one passes.
    const [used] = await tx
      .update(telegramLinkCodes)
      .set({ usedAt: now })
      .where(and(eq(telegramLinkCodes.codeHash, codeHash(code)), isNull(telegramLinkCodes.usedAt), gt(telegramLinkCodes.expiresAt, now)))
      .returning({ userId: telegramLinkCodes.userId });
    if (!used) return t.codeInvalid;
    await tx
      .insert(telegramLinks)
      .values({ userId: used.userId, chatId, username, linkedAt: now })
      .onConflictDoUpdate({ target: telegramLinks.userId, set: { chatId, username, linkedAt: now } });
    return t.linked;
  });
}

/**
 * What follows a /start command at the start of a text message ('' for none), or null for any
 * other text. As grammy reads a command (an entity at offset 0), without asking Telegram for the
 * bot's name first: in a private chat a `/start@name` can only be meant for this bot.
 */
export function startPayload(message: Pick<Message, 'text' | 'entities'>): string | null {
  const text = message.text ?? '';
  const command = message.entities?.find((entity) => entity.type === 'bot_command' && entity.offset === 0);
  if (!command) return null;
  const name = text.substring(1, command.length);
  if (name !== 'start' && !name.startsWith('start@')) return null;
  return text.substring(command.length).trim();
}

function createTelegramBot(ctx: AppContext): TelegramBot {
  const { botToken, apiUrl } = ctx.config.telegram;
  const outbox = async (chatId: number, userId: number | null, text: string) => {
    await ctx.db.insert(telegramOutbox).values({ chatId, userId, text, createdAt: ctx.now() });
  };
  if (!botToken) {
    return {
      configured: false,
      username: async () => null,
      send: outbox,
      // No bot, no updates: the webhook refuses them before this.
      handleUpdate: async () => undefined,
    };
  }
  const bot = new Bot(botToken, { client: { apiRoot: apiUrl, timeoutSeconds: API_TIMEOUT_SECONDS } });
  let init: Promise<void> | null = null;
  const ready = () => {
    init ??= bot.init().catch((error: unknown) => {
      init = null;
      throw error;
    });
    return init;
  };
  return {
    configured: true,
    async username() {
      await ready();
      return bot.botInfo.username;
    },
    async send(chatId, _userId, text) {
      await bot.api.sendMessage(chatId, text);
    },
    async handleUpdate(update) {
      const message = update.message;
      // The bot talks in private chats only, and reads text.
      if (!message || message.chat.type !== 'private' || typeof message.text !== 'string') return;
      const code = startPayload(message);
      // Telegram's usernames are 5–32 of A–Z, a–z, 0–9 and _: anything else is dropped.
      const username = (message.from?.username ?? '').replace(/[^A-Za-z0-9_]/g, '').slice(0, 32);
      const reply = code ? await linkByCode(ctx, code, message.chat.id, username) : t.startHelp;
      await bot.api.sendMessage(message.chat.id, reply);
    },
  };
}
