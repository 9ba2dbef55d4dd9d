/**
 * What the stand-in's tests share: a real webhook receiver on a free port, which keeps every request
 * with its headers and answers the statuses it is told to, and calls to the Bot API and the control
 * routes over real HTTP.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listen } from '../http.ts';
import type { Update } from './chats.ts';
import type { TelegramStandIn } from './telegramStandIn.ts';

export interface Received {
  headers: IncomingHttpHeaders;
  update: Update;
  status: number;
}

export async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const status = statuses.shift() ?? 200;
      received.push({ headers: req.headers, update: JSON.parse(text) as Update, status });
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    ...(await listen(server, 0, '127.0.0.1')),
    received,
    /** The updates it took (answered 2xx), in the order they arrived. */
    get taken() {
      return received.filter((r) => r.status < 300).map((r) => r.update);
    },
    /** Answer the next requests with these statuses, then 200 again. */
    answerNext: (...next: number[]) => void statuses.push(...next),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export interface ApiAnswer {
  status: number;
  body: {
    ok: boolean;
    result?: unknown;
    description?: string;
    error_code?: number;
    parameters?: { retry_after: number };
  };
}

/** A Bot API call as a client library makes it: POST, JSON. */
export async function callApi(t: TelegramStandIn, method: string, params: unknown = {}): Promise<ApiAnswer> {
  const res = await fetch(`${t.apiUrl}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return { status: res.status, body: (await res.json()) as ApiAnswer['body'] };
}

/** The result of a call that must succeed. */
export async function resultOf<T = Record<string, unknown>>(t: TelegramStandIn, method: string, params: unknown) {
  const answer = await callApi(t, method, params);
  if (!answer.body.ok) throw new Error(`${method}: ${answer.body.description}`);
  return answer.body.result as T;
}

export async function control<T = Record<string, unknown>>(t: TelegramStandIn, route: string, body?: unknown) {
  const res = await fetch(`${t.url}/control/${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** A person who pressed Start with `code`; answers the chat's id. */
export async function startChat(t: TelegramStandIn, code = 'code_1', user: Record<string, unknown> = {}) {
  const { status, body } = await control<{ chat: { id: number } }>(t, 'start', { link: code, ...user });
  if (status !== 200) throw new Error(`start: ${JSON.stringify(body)}`);
  return body.chat.id;
}

export const keyboard = (...data: string[]) => ({
  inline_keyboard: [data.map((d) => ({ text: `Do ${d}`, callback_data: d }))],
});

/** A message from the bot with a button for each datum; answers its message_id. */
export async function sendButtons(t: TelegramStandIn, chat_id: number | string, text: string, ...data: string[]) {
  const sent = await resultOf<{ message_id: number }>(t, 'sendMessage', {
    chat_id,
    text,
    reply_markup: keyboard(...data),
  });
  return sent.message_id;
}
