/**
 * The Bot API methods the product calls, answered as api.telegram.org answers them: `{ok: true,
 * result}` with Telegram's objects, or `{ok: false, error_code, description}` with Telegram's own
 * descriptions (https://core.telegram.org/bots/api). Method names are case-insensitive, as there.
 */
import { describeIssues } from '@price-alerts/domain/common';
import type { z } from 'zod';
import { TelegramError, type Chats } from './chats.ts';
import { retryAfterSeconds, type RateLimiter } from './rateLimit.ts';
import {
  PARAMETER_ERRORS,
  answerCallbackQuerySchema,
  deleteWebhookSchema,
  editMessageTextSchema,
  sendMessageSchema,
  setWebhookSchema,
} from './schemas.ts';
import { parseTelegramHtml, plainText, type ParsedText } from './telegramHtml.ts';
import type { WebhookDelivery } from './webhookDelivery.ts';

export interface BotContext {
  chats: Chats;
  hook: WebhookDelivery;
  perChat: RateLimiter;
  overall: RateLimiter;
}

/** A method's result, and the description Telegram adds to some (setWebhook's "Webhook was set"). */
export interface Answer {
  result: unknown;
  description?: string;
}

type Method = (ctx: BotContext, params: Record<string, unknown>) => Answer;

const TEXT_MAX = 4_096;
const bad = (description: string) => new TelegramError(400, `Bad Request: ${description}`);

function parse<S extends z.ZodType>(schema: S, params: unknown): z.infer<S> {
  const parsed = schema.safeParse(params);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  // A refinement's message is already Telegram's wording (BUTTON_DATA_INVALID and the like).
  if (issue?.code === 'custom') throw bad(issue.message);
  throw bad(PARAMETER_ERRORS[String(issue?.path[0])] ?? describeIssues(parsed.error.issues, '(parameters)'));
}

/** The message's text as Telegram makes it: parsed in HTML mode, trimmed, never empty, at most 4,096. */
function messageText(text: string, parseMode: string | undefined): ParsedText {
  const mode = (parseMode ?? '').toLowerCase();
  if (!['', 'html', 'markdown', 'markdownv2'].includes(mode)) throw bad('unsupported parse_mode');
  // The Markdown modes are taken but not parsed: the product writes HTML, and their text is kept as sent.
  const parsed = mode === 'html' ? parseTelegramHtml(text) : plainText(text.trim());
  if ('error' in parsed) throw bad(parsed.error);
  if (!parsed.text.trim()) throw bad('message text is empty');
  if (parsed.text.length > TEXT_MAX) throw bad('message is too long');
  return parsed;
}

/** One message's worth of the chat's and the bot's sending budget, or a 429 saying when to retry. */
function charge({ perChat, overall }: BotContext, chatId: number): void {
  const key = String(chatId);
  const wait = Math.max(perChat.waitMs(key), overall.waitMs('bot'));
  if (wait > 0) {
    const seconds = retryAfterSeconds(wait);
    throw new TelegramError(429, `Too Many Requests: retry after ${seconds}`, seconds);
  }
  perChat.take(key);
  overall.take('bot');
}

function removeWebhook(hook: WebhookDelivery): Answer {
  const had = hook.config !== undefined;
  hook.set(undefined);
  return { result: true, description: had ? 'Webhook was deleted' : 'Webhook is already deleted' };
}

const methods: Record<string, Method> = {
  getme: ({ chats }) => ({
    result: {
      ...chats.bot,
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
    },
  }),

  setwebhook: ({ hook }, params) => {
    const p = parse(setWebhookSchema, params);
    if (p.drop_pending_updates) hook.dropPending();
    if (!p.url) return removeWebhook(hook);
    // Telegram wants HTTPS on port 443, 80, 88 or 8443; the emulators' functions are plain HTTP on
    // their own ports, so the stand-in takes any http(s) URL.
    if (!/^https?:\/\/[^\s/?#]+/i.test(p.url) || !URL.canParse(p.url)) {
      throw bad('bad webhook: An HTTPS URL must be provided for webhook');
    }
    const next = { url: p.url, secretToken: p.secret_token || undefined, maxConnections: p.max_connections ?? 40 };
    const same = JSON.stringify(hook.config) === JSON.stringify(next);
    if (p.allowed_updates) hook.allowedUpdates = p.allowed_updates;
    hook.set(next);
    return { result: true, description: same ? 'Webhook is already set' : 'Webhook was set' };
  },

  deletewebhook: ({ hook }, params) => {
    if (parse(deleteWebhookSchema, params).drop_pending_updates) hook.dropPending();
    return removeWebhook(hook);
  },

  getwebhookinfo: ({ hook }) => ({
    result: {
      url: hook.config?.url ?? '',
      has_custom_certificate: false,
      pending_update_count: hook.pendingCount,
      ...(hook.lastError ? { last_error_date: hook.lastError.date, last_error_message: hook.lastError.message } : {}),
      ...(hook.config ? { max_connections: hook.config.maxConnections } : {}),
      ...(hook.allowedUpdates.length ? { allowed_updates: hook.allowedUpdates } : {}),
    },
  }),

  sendmessage: (ctx, params) => {
    const p = parse(sendMessageSchema, params);
    const chat = ctx.chats.find(p.chat_id);
    const body = messageText(p.text, p.parse_mode);
    if (chat.blocked) throw new TelegramError(403, 'Forbidden: bot was blocked by the user');
    charge(ctx, chat.chat.id);
    return { result: ctx.chats.apiMessage(chat, ctx.chats.botSend(chat, body, p.reply_markup)) };
  },

  editmessagetext: ({ chats }, params) => {
    const p = parse(editMessageTextSchema, params);
    // The stand-in's bot sends no inline-mode messages, so no inline message id names one.
    if (p.inline_message_id !== undefined) throw bad('MESSAGE_ID_INVALID');
    if (p.chat_id === undefined) throw bad('chat_id is empty');
    if (p.message_id === undefined) throw bad('message identifier is not specified');
    const chat = chats.find(p.chat_id);
    const body = messageText(p.text, p.parse_mode);
    return { result: chats.apiMessage(chat, chats.botEdit(chat, p.message_id, body, p.reply_markup)) };
  },

  answercallbackquery: ({ chats }, params) => {
    const p = parse(answerCallbackQuerySchema, params);
    chats.answer(p.callback_query_id, p.text);
    return { result: true };
  },
};

/** Calls `name` as Telegram would; throws TelegramError with Telegram's answer when it refuses. */
export function callMethod(ctx: BotContext, name: string, params: Record<string, unknown>): Answer {
  const method = methods[name.toLowerCase()];
  if (!method) throw new TelegramError(404, 'Not Found');
  return method(ctx, params);
}
