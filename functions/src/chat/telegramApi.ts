/**
 * The Bot API methods the product calls (https://core.telegram.org/bots/api), one HTTPS POST each with a
 * JSON body, answered `{ok: true, result}` or `{ok: false, error_code, description, parameters}`. The
 * token is in the path, so it never appears in what is logged: errors carry the method and Telegram's
 * description only. Locally the base is the Telegram stand-in's (TELEGRAM_API_BASE).
 */
import { telegramAnswerSchema, telegramSentMessageSchema, type TelegramSentMessage } from '@price-alerts/domain/notify';

export const TELEGRAM_API = 'https://api.telegram.org';
/** A call's whole time; longer is a failed try, retried by the sender's schedule. */
export const TELEGRAM_TIMEOUT_MS = 5_000;

export type TelegramAnswer<T> =
  | { ok: true; result?: T }
  | {
      ok: false;
      /** Telegram's error_code: 400 bad request, 403 blocked or kicked, 429 too many requests. */
      status: number;
      description: string;
      /** 429: seconds to wait before the next request to that chat (or at all). */
      retryAfter?: number;
    };

export interface InlineButton {
  text: string;
  callback_data: string;
}

export interface TelegramApi {
  sendMessage(chatId: number, text: string, buttons?: InlineButton[]): Promise<TelegramAnswer<TelegramSentMessage>>;
  editMessageText(
    chatId: number,
    messageId: number,
    text: string,
    buttons?: InlineButton[],
  ): Promise<TelegramAnswer<unknown>>;
  answerCallbackQuery(id: string, text?: string): Promise<TelegramAnswer<unknown>>;
  setWebhook(url: string, secretToken: string): Promise<TelegramAnswer<unknown>>;
}

/** A call that did not get Telegram's answer (network, timeout, not JSON): the sender tries again later. */
export class TelegramUnreachable extends Error {}

export function telegramApi(
  token: string,
  base: string = TELEGRAM_API,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = TELEGRAM_TIMEOUT_MS,
): TelegramApi {
  const root = (base || TELEGRAM_API).replace(/\/$/, '');
  // The token is in the path: no error message built from the request carries it.
  const hide = (text: string) => text.split(token).join('<token>');
  async function call<T>(
    method: string,
    params: object,
    read: (result: unknown) => T | undefined = (r) => r as T,
  ): Promise<TelegramAnswer<T>> {
    let response: Response;
    let body: unknown;
    try {
      response = await fetchImpl(`${root}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new TelegramUnreachable(
        hide(`Telegram ${method}: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const parsed = telegramAnswerSchema.safeParse(body);
    // A 2xx is Telegram's yes, whatever its body: trying again would send the message twice.
    if (response.ok && (!parsed.success || parsed.data.ok)) {
      const result = parsed.success ? read(parsed.data.result) : undefined;
      return result === undefined ? { ok: true } : { ok: true, result };
    }
    if (!parsed.success)
      throw new TelegramUnreachable(`Telegram ${method}: HTTP ${response.status} without the Bot API's answer`);
    const a = parsed.data;
    return {
      ok: false,
      status: a.error_code ?? 0,
      description: a.description ?? 'no description',
      ...(a.parameters?.retry_after !== undefined ? { retryAfter: a.parameters.retry_after } : {}),
    };
  }
  const keyboard = (buttons?: InlineButton[]) =>
    buttons?.length ? { reply_markup: { inline_keyboard: [buttons] } } : {};
  return {
    sendMessage: (chatId, text, buttons) =>
      call(
        'sendMessage',
        {
          chat_id: chatId,
          text,
          parse_mode: 'HTML',
          link_preview_options: { is_disabled: true },
          ...keyboard(buttons),
        },
        (r) => {
          const m = telegramSentMessageSchema.safeParse(r);
          return m.success ? m.data : undefined;
        },
      ),
    // Without buttons the edit removes the keyboard: the message then says what was done instead.
    editMessageText: (chatId, messageId, text, buttons) =>
      call('editMessageText', {
        chat_id: chatId,
        message_id: messageId,
        text,
        parse_mode: 'HTML',
        ...keyboard(buttons),
      }),
    answerCallbackQuery: (id, text) =>
      call('answerCallbackQuery', { callback_query_id: id, ...(text ? { text } : {}) }),
    setWebhook: (url, secretToken) =>
      call('setWebhook', {
        url,
        secret_token: secretToken,
        allowed_updates: ['message', 'callback_query'],
        drop_pending_updates: false,
      }),
  };
}
