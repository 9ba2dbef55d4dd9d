/**
 * Telegram as a channel, the pure part: the firing's message in Telegram's HTML mode with its actions as
 * inline buttons, the one-time code that links a chat (`https://t.me/<bot>?start=<code>`), and the subset
 * of the Bot API's Update the product reads, one schema. Limits are Telegram's own
 * (https://core.telegram.org/bots/api): a message's text at most 4,096 characters, a button's
 * callback_data 1 to 64 bytes, a start parameter 1 to 64 of `A-Za-z0-9_-`.
 */
import { z } from '../common/zod.ts';
import { formatPrice } from '../common/constants.ts';
import { formatZonedDateTime } from '../common/timeZones.ts';
import { conditionWords, firedMoveWords } from './noticeCondition.ts';
import { AT_OPEN_NOTICE, RUNAWAY_NOTICE, type FiredAlert } from './alertMessages.ts';

export const TELEGRAM_TEXT_MAX = 4_096;
export const TELEGRAM_CALLBACK_DATA_MAX_BYTES = 64;

/**
 * A link code: 32 characters of the start parameter's alphabet (192 bits from a secure random source), so
 * it cannot be guessed within its 10 minutes, and it fits Telegram's 64.
 */
export const TELEGRAM_LINK_CODE = /^[A-Za-z0-9_-]{32}$/;
export const TELEGRAM_LINK_CODE_TTL_MS = 10 * 60_000;

/** Telegram's HTML mode takes these three as markup: everything the user or a price wrote is escaped. */
export function escapeTelegramHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The link that opens the bot with the code: pressing Start sends `/start <code>` from the chat. */
export function telegramStartLink(botUsername: string, code: string): string {
  if (!/^[A-Za-z0-9_]{5,32}$/.test(botUsername)) throw new Error(`Not a Telegram bot username: ${botUsername}`);
  if (!TELEGRAM_LINK_CODE.test(code)) throw new Error('Not a link code');
  return `https://t.me/${botUsername}?start=${code}`;
}

/** A button's data: an action's short id, which the webhook looks up (a signed token is far over 64 bytes). */
export function telegramButtonData(id: string): string {
  const data = `act:${id}`;
  if (!/^act:[A-Za-z0-9_-]{8,60}$/.test(data)) throw new Error('A button id is 8 to 60 of A-Za-z0-9_-');
  return data;
}

/** The button id in a callback's data, or undefined for data that is not one of ours. */
export function telegramButtonId(data: string | undefined): string | undefined {
  return data?.match(/^act:([A-Za-z0-9_-]{8,60})$/)?.[1];
}

/**
 * What a firing's Telegram message says, in a few lines: the pair and what was crossed, a move's own words,
 * the price that fired it, the time in the user's zone, the note; what the email says of a firing at the
 * open or one that paused the alert; and, as the email's button does, a link that opens the alert. Cut to
 * Telegram's limit at a line, never inside an entity.
 */
export function telegramAlertMessage(a: FiredAlert, timeZone: string, alertUrl: string): string {
  const e = escapeTelegramHtml;
  const price = formatPrice(a.currencyPair, a.triggeredPrice);
  const move = firedMoveWords(a, a.triggeredPrice, a.triggeredAt.getTime());
  const lines = [
    `<b>${e(`${a.currencyPair}: ${conditionWords(a)}`)}</b>`,
    ...(move ? [e(move)] : []),
    e(`Now ${price} (${a.priceSide ?? 'ask'})`),
    e(formatZonedDateTime(a.triggeredAt, timeZone)),
    ...(a.fireCount ? [e(`Fired ${a.fireCount} ${a.fireCount === 1 ? 'time' : 'times'}`)] : []),
    ...(a.note ? [`<i>${e(a.note)}</i>`] : []),
    ...(a.atOpen ? [e(AT_OPEN_NOTICE)] : []),
    ...(a.runawayPaused ? [e(RUNAWAY_NOTICE)] : []),
  ];
  const link = `<a href="${e(alertUrl).replace(/"/g, '&quot;')}">Open the alert</a>`;
  let text = [...lines, link].join('\n');
  while (text.length > TELEGRAM_TEXT_MAX && lines.length > 1) {
    lines.pop();
    text = [...lines, link].join('\n');
  }
  return text;
}

/**
 * A notice told as its push tells it (an expiry, several firings at once, the digest): the title in bold,
 * then the body, cut at a line to Telegram's limit.
 */
export function telegramPushText(push: { title: string; body: string }): string {
  const lines = [`<b>${escapeTelegramHtml(push.title)}</b>`, ...push.body.split('\n').map(escapeTelegramHtml)];
  let text = lines.join('\n');
  while (text.length > TELEGRAM_TEXT_MAX && lines.length > 1) {
    lines.pop();
    text = lines.join('\n');
  }
  return text;
}

const chatSchema = z.object({
  id: z.number().check(z.refine(Number.isSafeInteger, 'a chat id is an integer')),
  type: z.string().check(z.maxLength(32)),
  title: z.optional(z.string().check(z.maxLength(256))),
  username: z.optional(z.string().check(z.maxLength(64))),
  first_name: z.optional(z.string().check(z.maxLength(256))),
  last_name: z.optional(z.string().check(z.maxLength(256))),
});
const userSchema = z.object({ id: z.number().check(z.refine(Number.isSafeInteger, 'a user id is an integer')) });

/** The part of a Bot API Update the product reads: a chat's text (/start, /stop) and a button's tap. */
export const telegramUpdateSchema = z.object({
  update_id: z.int(),
  message: z.optional(
    z.object({
      message_id: z.int(),
      chat: chatSchema,
      text: z.optional(z.string().check(z.maxLength(TELEGRAM_TEXT_MAX))),
    }),
  ),
  callback_query: z.optional(
    z.object({
      id: z.string().check(z.minLength(1), z.maxLength(64)),
      from: userSchema,
      message: z.optional(z.object({ message_id: z.int(), chat: chatSchema })),
      data: z.optional(z.string().check(z.maxLength(TELEGRAM_CALLBACK_DATA_MAX_BYTES))),
    }),
  ),
});
export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;

/** What a chat's text asks: to link with a code, to unlink, or nothing the bot acts on. */
export function telegramCommand(text: string | undefined): { start: string } | { stop: true } | undefined {
  const [command, argument, ...rest] = (text ?? '').trim().split(/\s+/);
  // In a group a command may name the bot: /start@PriceAlertsBot.
  const name = command?.split('@')[0];
  if (name === '/stop' && argument === undefined) return { stop: true };
  if (name === '/start' && argument !== undefined && rest.length === 0 && TELEGRAM_LINK_CODE.test(argument)) {
    return { start: argument };
  }
  return undefined;
}

/** The Bot API's answer to any method: `{ok: true, result}` or `{ok: false, error_code, description, parameters}`. */
export const telegramAnswerSchema = z.object({
  ok: z.boolean(),
  result: z.optional(z.unknown()),
  error_code: z.optional(z.number()),
  description: z.optional(z.string()),
  parameters: z.optional(z.object({ retry_after: z.optional(z.number()) })),
});

/** The part of a sent Message the sender keeps: its id, so a button's tap can edit it. */
export const telegramSentMessageSchema = z.object({ message_id: z.int(), chat: z.object({ id: z.number() }) });
export type TelegramSentMessage = z.infer<typeof telegramSentMessageSchema>;
