/**
 * The people's side of the stand-in: who opened the bot, their private chats with it and every
 * message in them, and the callback queries their taps make. What a person does becomes an Update
 * handed to `deliver` (webhookDelivery.ts); what the bot sends or edits is checked and kept here.
 */
import { plainText, type MessageEntity, type ParsedText } from './telegramHtml.ts';

/** An answer the Bot API gives as `{ok: false, error_code, description, parameters}`. */
export class TelegramError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

export interface TgUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  username?: string;
  language_code?: string;
}
export interface TgChat {
  id: number;
  type: 'private';
  first_name: string;
  username?: string;
}
export interface InlineButton {
  text: string;
  callback_data?: string;
  url?: string;
}
export interface InlineKeyboard {
  inline_keyboard: InlineButton[][];
}

export interface StoredMessage extends ParsedText {
  message_id: number;
  date: number;
  edit_date?: number;
  fromBot: boolean;
  reply_markup?: InlineKeyboard;
  /** What the bot answered the last tap on this message with ('' for no text), for the page. */
  answer?: string;
}

export interface SimChat {
  chat: TgChat;
  user: TgUser;
  blocked: boolean;
  messages: StoredMessage[];
}

export type Update = { update_id: number } & Record<string, unknown>;

export interface Person {
  start?: string;
  user_id?: number;
  first_name?: string;
  username?: string;
}

// Telegram's own rule for a start parameter; a client sends a bare /start for any other.
const START_PARAMETER = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_MESSAGES = 200;
const MAX_QUERIES = 1_000;
const NOT_MODIFIED =
  'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';
export const QUERY_INVALID = 'Bad Request: query is too old and response timeout expired or query ID is invalid';

/** A command at the start of a person's text is an entity, as Telegram marks it for the bot. */
function commandEntities(text: string): MessageEntity[] {
  const command = /^\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{5,32})?/.exec(text)?.[0];
  return command ? [{ type: 'bot_command', offset: 0, length: command.length }] : [];
}

export class Chats {
  private readonly byId = new Map<number, SimChat>();
  private readonly queries = new Map<string, { chatId: number; messageId: number; at: number; answered: boolean }>();
  private nextUpdateId = 1;
  private nextUserId = 1_000_001;
  private nextQueryId = 1;

  constructor(
    readonly bot: TgUser,
    private readonly now: () => number,
    private readonly callbackTtlMs: number,
    private readonly deliver: (chatId: number, update: Update) => void,
  ) {}

  list(): SimChat[] {
    return [...this.byId.values()];
  }

  /** The chat the bot addresses as `chatId`, or Telegram's answer for one it has no chat with. */
  find(chatId: number | string): SimChat {
    const chat = typeof chatId === 'number' ? this.byId.get(chatId) : undefined;
    if (!chat) throw new TelegramError(400, 'Bad Request: chat not found');
    return chat;
  }

  /** The Message object the Bot API shows for `m`. */
  apiMessage(chat: SimChat, m: StoredMessage) {
    return {
      message_id: m.message_id,
      from: m.fromBot ? this.bot : chat.user,
      chat: chat.chat,
      date: m.date,
      ...(m.edit_date !== undefined ? { edit_date: m.edit_date } : {}),
      text: m.text,
      ...(m.entities.length ? { entities: m.entities } : {}),
      ...(m.reply_markup ? { reply_markup: m.reply_markup } : {}),
    };
  }

  /** A person opens the bot and presses Start, from a `t.me/<bot>?start=<code>` link or without one. */
  pressStart(person: Person): { chat: SimChat; update: Update } {
    while (person.user_id === undefined && this.byId.has(this.nextUserId)) this.nextUserId++;
    const id = person.user_id ?? this.nextUserId++;
    let chat = this.byId.get(id);
    if (!chat) {
      const first_name = person.first_name || `Person ${id}`;
      const username = person.username ? { username: person.username } : {};
      const user = { id, is_bot: false, first_name, ...username, language_code: 'en' };
      // A private chat's id is the person's id.
      chat = { chat: { id, type: 'private', first_name, ...username }, user, blocked: false, messages: [] };
      this.byId.set(id, chat);
    }
    // Start in a chat that blocked the bot is the app's Restart: it unblocks first.
    if (chat.blocked) this.setBlocked(id, false);
    const start = person.start !== undefined && START_PARAMETER.test(person.start) ? ` ${person.start}` : '';
    return { chat, update: this.say(id, `/start${start}`) };
  }

  /** A person writes in their chat: `/stop`, or anything else. */
  say(chatId: number, text: string): Update {
    const chat = this.person(chatId);
    const message = this.store(chat, { fromBot: false, ...plainText(text), entities: commandEntities(text) });
    return this.emit(chat, { message: this.apiMessage(chat, message) });
  }

  /** A person taps an inline button under one of the bot's messages: a callback query with a fresh id. */
  tap(chatId: number, messageId: number, data: string): { update: Update; callback_query_id: string } {
    const chat = this.person(chatId);
    const message = chat.messages.find((m) => m.fromBot && m.message_id === messageId);
    if (!message) throw new TelegramError(404, `No message ${messageId} from the bot in chat ${chatId}`);
    if (!message.reply_markup?.inline_keyboard.flat().some((b) => b.callback_data === data)) {
      throw new TelegramError(404, `Message ${messageId} has no button with that callback_data`);
    }
    const id = String(4_200_000_000_000_000_000n + BigInt(this.nextQueryId++));
    this.queries.set(id, { chatId, messageId, at: this.now(), answered: false });
    if (this.queries.size > MAX_QUERIES) this.queries.delete(this.queries.keys().next().value ?? '');
    const callback_query = {
      id,
      from: chat.user,
      message: this.apiMessage(chat, message),
      chat_instance: String(BigInt(this.bot.id) * 1_000_003n + BigInt(chatId)),
      data,
    };
    return { update: this.emit(chat, { callback_query }), callback_query_id: id };
  }

  /** A person blocks the bot or unblocks it; Telegram tells the bot with a my_chat_member update. */
  setBlocked(chatId: number, blocked: boolean): Update | undefined {
    const chat = this.byId.get(chatId);
    if (!chat) throw new TelegramError(404, `No chat ${chatId}: press Start first`);
    if (chat.blocked === blocked) return undefined;
    chat.blocked = blocked;
    const member = (status: string) => ({ user: this.bot, status, ...(status === 'kicked' ? { until_date: 0 } : {}) });
    const [before, after] = blocked ? ['member', 'kicked'] : ['kicked', 'member'];
    return this.emit(chat, {
      my_chat_member: {
        chat: chat.chat,
        from: chat.user,
        date: this.date(),
        old_chat_member: member(before ?? ''),
        new_chat_member: member(after ?? ''),
      },
    });
  }

  /** The bot's sendMessage, once the API has checked it. */
  botSend(chat: SimChat, body: ParsedText, reply_markup: InlineKeyboard | undefined): StoredMessage {
    return this.store(chat, { fromBot: true, ...body, ...(reply_markup ? { reply_markup } : {}) });
  }

  /** The bot's editMessageText: without reply_markup the keyboard goes, as on Telegram. */
  botEdit(chat: SimChat, messageId: number, body: ParsedText, reply_markup: InlineKeyboard | undefined) {
    const m = chat.messages.find((x) => x.message_id === messageId);
    if (!m) throw new TelegramError(400, 'Bad Request: message to edit not found');
    if (!m.fromBot) throw new TelegramError(400, "Bad Request: message can't be edited");
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    if (m.text === body.text && same(m.entities, body.entities) && same(m.reply_markup, reply_markup)) {
      throw new TelegramError(400, NOT_MODIFIED);
    }
    Object.assign(m, body, { edit_date: this.date() });
    if (reply_markup) m.reply_markup = reply_markup;
    else delete m.reply_markup;
    return m;
  }

  /** answerCallbackQuery: once a query, and only while the person's client still waits for it. */
  answer(id: string, text: string | undefined): void {
    const query = this.queries.get(id);
    if (!query || query.answered || this.now() - query.at > this.callbackTtlMs) {
      throw new TelegramError(400, QUERY_INVALID);
    }
    query.answered = true;
    const message = this.byId.get(query.chatId)?.messages.find((m) => m.message_id === query.messageId);
    if (message) message.answer = text ?? '';
  }

  reset(): void {
    this.byId.clear();
    this.queries.clear();
  }

  private person(chatId: number): SimChat {
    const chat = this.byId.get(chatId);
    if (!chat) throw new TelegramError(404, `No chat ${chatId}: press Start first`);
    if (chat.blocked) throw new TelegramError(409, `Chat ${chatId} has blocked the bot: unblock it or press Start`);
    return chat;
  }

  private date(): number {
    return Math.floor(this.now() / 1000);
  }

  private emit(chat: SimChat, body: Record<string, unknown>): Update {
    const update = { update_id: this.nextUpdateId++, ...body };
    this.deliver(chat.chat.id, update);
    return update;
  }

  private store(chat: SimChat, message: Omit<StoredMessage, 'message_id' | 'date'>): StoredMessage {
    // Message ids count per private chat, the person's messages and the bot's alike.
    const stored = { message_id: (chat.messages.at(-1)?.message_id ?? 0) + 1, date: this.date(), ...message };
    chat.messages.push(stored);
    if (chat.messages.length > MAX_MESSAGES) chat.messages.shift();
    return stored;
  }
}
