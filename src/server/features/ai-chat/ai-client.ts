// The assistant's model behind any OpenAI-compatible endpoint (AI_BASE_URL), through the official
// `openai` SDK, streamed: the answer's parts arrive as the model writes them.
import { aiChatMessages } from '#core/messages/ai-chat';
import OpenAI from 'openai';
import type { AiConfig } from '../../config.ts';
import { AppError } from '../../shared/errors.ts';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What a streamed answer gives: its parts, then the tokens the endpoint counted (when it says). */
export type AnswerPart = { delta: string } | { usage: { prompt: number; completion: number; total: number } };

export const notConfigured = () => new AppError(503, 'AI_NOT_CONFIGURED', aiChatMessages.notConfigured);

const clients = new WeakMap<AiConfig, OpenAI>();

/** The SDK's client for the configured endpoint (one per configuration), or 503 when there is none. */
export function aiClient(config: AiConfig): OpenAI {
  if (!config.baseUrl) throw notConfigured();
  let client = clients.get(config);
  if (!client) {
    client = new OpenAI({
      baseURL: config.baseUrl,
      // Local OpenAI-compatible servers take any key; the SDK wants one.
      apiKey: config.apiKey ?? 'not-needed',
      // A failed answer is shown at once («попробуйте позже»): the user retries, not the server.
      maxRetries: 0,
      timeout: 120_000,
      logLevel: 'off',
    });
    clients.set(config, client);
  }
  return client;
}

/**
 * Asks the model and yields the answer's parts as they arrive. Resolves once the endpoint has
 * accepted the request (so its refusals are thrown before anything is streamed); `signal` aborts
 * the upstream request (the user left).
 */
export async function streamAnswer(config: AiConfig, turns: ChatTurn[], signal: AbortSignal): Promise<AsyncIterable<AnswerPart>> {
  const stream = await aiClient(config).chat.completions.create(
    { model: config.model, messages: turns, stream: true, stream_options: { include_usage: true } },
    { signal },
  );
  return (async function* parts() {
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta?.content;
      if (delta) yield { delta };
      if (chunk.usage) yield { usage: { prompt: chunk.usage.prompt_tokens, completion: chunk.usage.completion_tokens, total: chunk.usage.total_tokens } };
    }
  })();
}
