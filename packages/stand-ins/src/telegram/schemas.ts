/**
 * One schema per request body the stand-in takes: the Bot API methods' parameters and the control
 * routes'. A Bot API call may come as JSON, form-encoded or in the query string, as Telegram takes
 * all three, so numbers, booleans and JSON-serialized fields (reply_markup, allowed_updates) are
 * also read from strings.
 */
import { z } from 'zod';

const fromString = (v: unknown) => {
  if (typeof v !== 'string') return v;
  if (/^-?\d{1,16}$/.test(v)) return Number(v);
  return v === 'true' ? true : v === 'false' ? false : v;
};
const fromJson = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};
const int = z.preprocess(fromString, z.number().int());
const bool = z.preprocess(fromString, z.boolean());
const chatId = z.preprocess(fromString, z.union([z.number().int(), z.string().min(1)]));

/** Telegram's own words for a bad button are the message: the API answers them as they are. */
const button = z
  .looseObject({
    text: z.string(),
    callback_data: z
      .string()
      .refine((d) => Buffer.byteLength(d) >= 1 && Buffer.byteLength(d) <= 64, 'BUTTON_DATA_INVALID')
      .optional(),
    url: z
      .string()
      .refine((u) => /^(?:https?|tg):\/\/\S+$/i.test(u), 'BUTTON_URL_INVALID')
      .optional(),
  })
  .refine(
    (b) => Object.keys(b).some((k) => k !== 'text'),
    "can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
  );
const replyMarkup = z.preprocess(fromJson, z.object({ inline_keyboard: z.array(z.array(button)) }));

export const setWebhookSchema = z.object({
  url: z.string().default(''),
  // Sent empty by some clients to mean none.
  secret_token: z.union([z.literal(''), z.string().regex(/^[A-Za-z0-9_-]{1,256}$/)]).optional(),
  max_connections: z.preprocess(fromString, z.number().int().min(1).max(100)).optional(),
  allowed_updates: z.preprocess(fromJson, z.array(z.string())).optional(),
  drop_pending_updates: bool.optional(),
  ip_address: z.string().optional(),
});

export const deleteWebhookSchema = z.object({ drop_pending_updates: bool.optional() });

export const sendMessageSchema = z.object({
  chat_id: chatId,
  text: z.string(),
  parse_mode: z.string().optional(),
  reply_markup: replyMarkup.optional(),
  disable_notification: bool.optional(),
  protect_content: bool.optional(),
});

export const editMessageTextSchema = z.object({
  chat_id: chatId.optional(),
  message_id: int.optional(),
  inline_message_id: z.string().optional(),
  text: z.string(),
  parse_mode: z.string().optional(),
  reply_markup: replyMarkup.optional(),
});

export const answerCallbackQuerySchema = z.object({
  callback_query_id: z.string().min(1),
  text: z.string().optional(),
  show_alert: bool.optional(),
  url: z.string().optional(),
  cache_time: int.optional(),
});

/** What Telegram says of a parameter that is missing or of the wrong kind, where it says something of its own. */
export const PARAMETER_ERRORS: Record<string, string> = {
  chat_id: 'chat_id is empty',
  text: 'message text is empty',
  message_id: 'message identifier is not specified',
  reply_markup: "can't parse reply keyboard markup JSON object",
  callback_query_id: 'query is too old and response timeout expired or query ID is invalid',
  secret_token: 'secret token contains unallowed characters',
  max_connections: 'bad webhook: max_connections must be between 1 and 100',
  allowed_updates: "can't parse allowed updates JSON object",
};

// The control routes (controlRoutes.ts): the page's forms send the same fields form-encoded, a field
// left empty as ''.
const blankless = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
export const startSchema = z.object({
  /** A `https://t.me/<bot>?start=<code>` link, or just the code. */
  link: blankless(z.string().max(300)),
  user_id: blankless(int),
  first_name: blankless(z.string().max(64)),
  username: blankless(z.string().regex(/^[A-Za-z0-9_]{5,32}$/)),
});
export const textSchema = z.object({ chat_id: int, text: z.string().min(1).max(4096) });
export const tapSchema = z.object({ chat_id: int, message_id: int, data: z.string().min(1) });
export const blockSchema = z.object({ chat_id: int, blocked: bool });
