/**
 * A tap on a firing's button in Telegram (docs/chat-channels.md): the button's data names the
 * message's stored buttons (telegramButtons/{key}) and which one; the tap is acted on only when the
 * tapping chat is the message's and still linked to the alert's owner. The token is then checked and
 * applied as a push's is (applyAction: once per token, a stale firing refused), the tap is answered
 * with what was done, and the message is edited to say it, without its buttons.
 */
import { actionResultText, type ActionRefusal, type ActionResult } from '@price-alerts/domain/actions';
import {
  TELEGRAM_TEXT_MAX,
  escapeTelegramHtml,
  telegramButtonId,
  type TelegramUpdate,
} from '@price-alerts/domain/notify';
import type { Firestore } from 'firebase-admin/firestore';
import { applyAction } from '../actions/applyAction';
import { verifyActionToken } from '../actions/signing';
import { errorMessage } from '../lib/errors';
import type { WindowLimit } from '../lib/windowLimit';
import * as logs from '../logs';
import { profileRef, timeZoneIn } from '../repositories/profiles';
import { readButtonId, readTelegramButtons } from '../repositories/telegramButtons';
import { telegramChatOwner, telegramIn } from '../repositories/telegramLinks';
import type { TelegramAnswer, TelegramApi } from './telegramApi';

/** What handling an update needs: Firestore, the Bot API as the bot, and the key action tokens are signed with. */
export interface BotDeps {
  db: Firestore;
  api: TelegramApi;
  /** ACTION_SIGNING_KEY. */
  signingKey: string;
  now?: () => number;
  /** The replies each chat may get (telegramUpdates.ts); without it, every message is answered. */
  replies?: WindowLimit;
}

export type CallbackQuery = NonNullable<TelegramUpdate['callback_query']>;

/** What a refused tap is told (Telegram shows it over the chat for a few seconds); nothing is changed. */
export const TAP_REFUSALS = {
  invalid: 'This button is not valid. Open the alert in the app.',
  gone: 'These buttons have expired. Open the alert in the app.',
  otherChat: 'This button is not for this chat.',
  unlinked: 'This chat is no longer connected to Price Alerts. Open the alert in the app.',
} as const;
export type TapRefusal = keyof typeof TAP_REFUSALS;

/**
 * A call whose failure changes nothing already done (a reply, a tap's answer, an edit): logged, not
 * thrown, so the update is not delivered again for it. An edit to the words the message already has
 * (a second tap of the same button) is no failure.
 */
export async function telegramCall(
  method: string,
  chatId: number | undefined,
  call: () => Promise<TelegramAnswer<unknown>>,
): Promise<void> {
  try {
    const answer = await call();
    if (!answer.ok && !answer.description.includes('message is not modified'))
      logs.telegramCallFailed(method, chatId, `${answer.status} ${answer.description}`);
  } catch (error) {
    logs.telegramCallFailed(method, chatId, errorMessage(error));
  }
}

/** The message as sent, then what the tap did in bold; the message's last lines go if both exceed Telegram's limit. */
export function editedText(original: string, said: string): string {
  const tail = `\n\n<b>${escapeTelegramHtml(said)}</b>`;
  const lines = original.split('\n');
  while (lines.length > 1 && lines.join('\n').length + tail.length > TELEGRAM_TEXT_MAX) lines.pop();
  return `${lines.join('\n')}${tail}`;
}

const refused = (reason: ActionRefusal): ActionResult => ({ outcome: 'refused', reason });

/** Checks the stored token as applyAlertAction does, and that it is the owner's and Telegram's; applies it once. */
async function act(deps: BotDeps, uid: string, token: string, now: number): Promise<ActionResult> {
  const check = verifyActionToken(token, deps.signingKey, now);
  const payload = check.ok ? check.payload : undefined;
  let result: ActionResult;
  if (!check.ok) result = refused(check.reason);
  else if (check.payload.uid !== uid || check.payload.via !== 'telegram') result = refused('invalid');
  else result = await applyAction(deps.db, check.payload, token, now);
  if (result.outcome === 'refused') logs.alertActionRefused(result.reason, payload, actionResultText(result));
  else logs.alertActionApplied(payload?.alertId ?? '', result);
  return result;
}

export async function handleTap(deps: BotDeps, query: CallbackQuery): Promise<void> {
  const now = (deps.now ?? Date.now)();
  const chatId = query.message?.chat.id;
  const answer = (text: string) =>
    telegramCall('answerCallbackQuery', chatId, () => deps.api.answerCallbackQuery(query.id, text));
  const refuse = async (why: TapRefusal) => {
    logs.telegramTapRefused(why, chatId);
    await answer(TAP_REFUSALS[why]);
  };
  const id = telegramButtonId(query.data);
  const button = id === undefined ? undefined : readButtonId(id);
  if (!button) return refuse('invalid');
  const stored = await readTelegramButtons(deps.db, button.key);
  if (!stored || stored.expiresAt <= now) return refuse('gone');
  const token = stored.tokens[button.n];
  if (token === undefined) return refuse('invalid');
  // A message without its chat is one Telegram no longer shows in full (too old): no chat to judge by.
  // Only a person's own chat is linked, whose id is the person's: anyone else tapping is refused too.
  if (!query.message || chatId !== stored.chatId || query.from.id !== stored.chatId) return refuse('otherChat');
  const [owner, profile] = await Promise.all([
    telegramChatOwner(deps.db, stored.chatId),
    profileRef(deps.db, stored.userId).get(),
  ]);
  // The profile says which chat is linked (the screen shows it, the sender sends there): a chat that
  // still maps to the owner after they removed it there (the rules let them) is no longer theirs to act from.
  const linked = profile.exists ? telegramIn(profile) : undefined;
  if (owner !== stored.userId || linked?.state !== 'linked' || linked.chatId !== stored.chatId)
    return refuse('unlinked');
  const result = await act(deps, stored.userId, token, now);
  const timeZone = timeZoneIn(profile);
  await answer(actionResultText(result, timeZone));
  // The message says what its button did, as done: a second tap's 'already done' is that same deed.
  const said = actionResultText(result.outcome === 'used' ? { ...result, outcome: 'done' } : result, timeZone);
  // The tapped message, which a retried send may have made besides the one recorded: its buttons go.
  const messageId = query.message.message_id;
  await telegramCall('editMessageText', chatId, () =>
    deps.api.editMessageText(stored.chatId, messageId, editedText(stored.text, said)),
  );
}
