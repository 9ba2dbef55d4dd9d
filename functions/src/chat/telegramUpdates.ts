/**
 * What the bot does with an update (docs/chat-channels.md): `/start <code>` in a person's own chat with
 * the bot links it to the code's maker (a group is refused), `/stop` unlinks it, a bare `/start` says how
 * to connect, and a button's tap goes to telegramTaps.ts. Firestore's failures are thrown (the webhook answers 500 and Telegram delivers the
 * update again); a reply that fails is logged only, since what it tells is done.
 */
import {
  CHAT_NAME_MAX,
  TELEGRAM_STOPPED,
  escapeTelegramHtml,
  telegramCommand,
  type TelegramUpdate,
} from '@price-alerts/domain/notify';
import { WindowLimit } from '../lib/windowLimit';
import * as logs from '../logs';
import { linkTelegramChat, stopTelegramChat } from '../repositories/telegramLinks';
import { handleTap, telegramCall, type BotDeps } from './telegramTaps';

export const TELEGRAM_REPLIES = {
  linked: 'Connected to Price Alerts. Alerts you set to notify by Telegram will arrive in this chat.',
  expired:
    'This link has expired or was already used. Open Price Alerts › Notifications and tap Connect Telegram again.',
  noProfile: 'Open the Price Alerts app once to finish setting up your account, then tap Connect Telegram again.',
  howTo: 'To get your price alerts here, open Price Alerts › Notifications and tap Connect Telegram.',
  stopped: 'Disconnected from Price Alerts. Connect again from the Notifications screen.',
  notLinked: 'This chat is not connected to Price Alerts.',
  notPrivate:
    'Price Alerts sends to your own chat with the bot: open the link from the app on your phone and press Start there.',
} as const;

type Chat = NonNullable<TelegramUpdate['message']>['chat'];

/** At most `max` UTF-16 units, as the schema counts, never half of a character outside the BMP. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}

/**
 * A name as the profile may keep it: half a surrogate pair becomes U+FFFD (Firestore refuses text that
 * is not well formed, so the link would fail on every delivery of the update), a control character a
 * space, and the marks that reorder text (bidi overrides, isolates) go, so a name cannot show reversed.
 */
const clean = (text: string | undefined): string =>
  (text ?? '')
    .replace(/\p{Cs}/gu, '\uFFFD')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu, '')
    .trim();

/** What the Notifications screen calls the chat: a group's title, else the person's name, else their @username. */
export function chatName(chat: Omit<Chat, 'id' | 'type'>): string {
  const person = [chat.first_name, chat.last_name].map(clean).filter(Boolean).join(' ');
  const username = clean(chat.username);
  const name = clean(chat.title) || person || (username ? `@${username}` : '') || 'Telegram chat';
  return cut(name, CHAT_NAME_MAX);
}

/**
 * The bot's replies a chat gets a minute, in each instance: a chat that floods the bot with /start or
 * /stop gets no more answers, so it cannot spend the bot's 30 messages a second that firings need.
 */
export const replyLimit = () => new WindowLimit(5, 60_000);

const reply = async (deps: BotDeps, chatId: number, text: string) => {
  if (deps.replies && !deps.replies.take(String(chatId), (deps.now ?? Date.now)())) return;
  await telegramCall('sendMessage', chatId, () => deps.api.sendMessage(chatId, escapeTelegramHtml(text)));
};

async function start(deps: BotDeps, chat: Chat, code: string, now: number): Promise<void> {
  const linked = await linkTelegramChat(deps.db, code, { id: chat.id, name: chatName(chat) }, now);
  if (linked.outcome !== 'linked') {
    logs.telegramLinkRefused(chat.id, linked.outcome);
    return reply(deps, chat.id, TELEGRAM_REPLIES[linked.outcome]);
  }
  logs.telegramLinked(linked.userId, chat.id, linked.replaced, linked.takenFrom);
  await reply(deps, chat.id, TELEGRAM_REPLIES.linked);
}

async function stop(deps: BotDeps, chatId: number, now: number): Promise<void> {
  const uid = await stopTelegramChat(deps.db, chatId, TELEGRAM_STOPPED, now);
  if (uid === undefined) return reply(deps, chatId, TELEGRAM_REPLIES.notLinked);
  logs.telegramChanged(uid, 'stopped in the chat');
  await reply(deps, chatId, TELEGRAM_REPLIES.stopped);
}

/** Handles one update the webhook took; anything else a chat says is left unanswered. */
export async function handleTelegramUpdate(deps: BotDeps, update: TelegramUpdate): Promise<void> {
  if (update.callback_query) return handleTap(deps, update.callback_query);
  const message = update.message;
  if (!message) return;
  const now = (deps.now ?? Date.now)();
  const command = telegramCommand(message.text);
  // Only a person's own chat with the bot is linked: in a group, anyone could tap its buttons or /stop it.
  if (message.chat.type !== 'private') {
    if (command && 'start' in command) {
      logs.telegramLinkRefused(message.chat.id, 'notPrivate');
      await reply(deps, message.chat.id, TELEGRAM_REPLIES.notPrivate);
    }
    return;
  }
  if (command && 'start' in command) return start(deps, message.chat, command.start, now);
  if (command && 'stop' in command) return stop(deps, message.chat.id, now);
  // Start pressed without a link from the app (or with a parameter that is no code of ours).
  if (/^\/start(@\w+)?(\s|$)/.test(message.text?.trim() ?? ''))
    await reply(deps, message.chat.id, TELEGRAM_REPLIES.howTo);
}
