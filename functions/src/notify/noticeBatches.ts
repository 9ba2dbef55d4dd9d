/**
 * A page's notices in provider batches: one email and one push per user for all their firings of
 * the page (one firing told as alone), the emails in SendGrid's batches, the pushes in FCM's
 * sendEach; what each delivery's channels made of it, for the caller to record.
 */
import { dateMillis, noticeTimeZone, type DeliveryChannel } from '@price-alerts/domain/common';
import { groupedAlertEmail, groupedAlertPush, type Delivery, type FiredDelivery } from '@price-alerts/domain/notify';
import { noticeActions } from '../actions/links';
import { errorMessage } from '../lib/errors';
import { deliveryRefById } from '../repositories/deliveries';
import { mapLimit } from '../lib/mapLimit';
import {
  NO_DEVICES,
  attemptChannel,
  chatTexts,
  deliveryTexts,
  failure,
  firedNotice,
  pushAttempt,
  sent,
  skipped,
  type ChannelAttempt,
} from './channels';
import { sendWindow } from './chatChannel';
import type { Settled } from './leaseMany';
import {
  ProviderError,
  type EmailMessage,
  type EmailOutcome,
  type NoticeSettings,
  type PushRequest,
  type PushResult,
} from './providers';
import type { SenderDeps } from './sender';

export type Claimed = FiredDelivery & { id: string };

const unanswered = (error: unknown): EmailOutcome => ({
  ok: false,
  error: new ProviderError(errorMessage(error), true),
});
const pushUnanswered = (error: unknown): PushResult => ({ ok: false, dead: false, error: errorMessage(error) });

const attemptsOf = (d: Delivery, channel: DeliveryChannel) => (d.channels[channel]?.attempts ?? 0) + 1;

const CHAT_CHANNELS = ['telegram', 'discord'] as const;
/** Chats sent to at once, per provider: each waits for its provider's answer (and, past the pace, its slot). */
const CHATS_AT_ONCE = 16;
/**
 * How long a page's chats may be paced: about 570 Telegram chats at one every 35 ms, leaving most of the
 * minute's lease for the providers' answers and the page's records.
 */
const CHAT_WINDOW_MS = 20_000;

/** One email and one push per user for their firings, in provider batches; each delivery's attempts. */
export async function sendBatches(
  deps: SenderDeps,
  byUser: Map<string, Claimed[]>,
  settings: Map<string, NoticeSettings>,
): Promise<Settled[]> {
  const now = (deps.now ?? Date.now)();
  // A channel told to wait (a 429's retry_after) is tried at its time, not before.
  const pendingOn = (channel: DeliveryChannel) =>
    [...byUser].flatMap(([uid, ds]) => {
      const those = ds.filter(
        (d) => d.channels[channel]?.state === 'pending' && (d.channels[channel]?.notBefore ?? 0) <= now,
      );
      those.sort((a, b) => dateMillis(a.triggeredAt) - dateMillis(b.triggeredAt));
      return those.length ? [{ uid, deliveries: those }] : [];
    });
  const mailed = pendingOn('email');
  const pushed = pendingOn('push');
  const [addresses, devices] = await Promise.all([
    deps.recipients.emails(mailed.map((m) => m.uid)),
    deps.recipients.pushTokensOf(pushed.map((p) => p.uid)),
  ]);
  const zone = (uid: string) => noticeTimeZone(settings.get(uid)?.timeZone, settings.get(uid)?.quietHours?.timeZone);
  const texts = (ds: Claimed[], uid: string) => {
    const [first] = ds;
    if (ds.length === 1 && first)
      return deliveryTexts(first, deps.appUrl, zone(uid), noticeActions(first, deps.appUrl, deps.signAction));
    const fired = ds.map(firedNotice);
    const push = () => groupedAlertPush(fired, zone(uid));
    const at = fired[fired.length - 1]?.triggeredAt ?? new Date(now);
    return {
      email: () => groupedAlertEmail(fired, deps.appUrl, zone(uid)),
      push,
      ...chatTexts(push, `${deps.appUrl.replace(/\/$/, '')}/dashboard`, zone(uid), at),
    };
  };
  const out = new Map<string, Settled['attempts']>();
  const set = (ds: Claimed[], channel: DeliveryChannel, attempt: (d: Claimed) => ChannelAttempt) => {
    for (const d of ds) out.set(d.id, { ...out.get(d.id), [channel]: attempt(d) });
  };

  const messages: { ds: Claimed[]; message: EmailMessage }[] = [];
  for (const { uid, deliveries } of mailed) {
    const to = addresses.get(uid);
    // Nobody to send to: nothing was tried, so the attempt is not counted.
    if (!to || 'skip' in to)
      set(deliveries, 'email', (d) =>
        skipped(attemptsOf(d, 'email') - 1, to && 'skip' in to ? to.skip : 'No email address on the account'),
      );
    else
      messages.push({
        ds: deliveries,
        message: { to: to.address, from: deps.mailFrom, ...texts(deliveries, uid).email() },
      });
  }
  const requests: { ds: Claimed[]; uid: string; devices: { id: string }[]; request: PushRequest }[] = [];
  pushed.forEach(({ uid, deliveries }) => {
    const own = devices.get(uid) ?? [];
    if (own.length === 0) return set(deliveries, 'push', (d) => skipped(attemptsOf(d, 'push') - 1, NO_DEVICES));
    const payload = texts(deliveries, uid).push();
    requests.push({
      ds: deliveries,
      uid,
      devices: own,
      request: { userId: uid, tokens: own.map((t) => t.token), payload },
    });
  });

  // Telegram and Discord, one message per user and channel, alongside the email and push batches; what
  // its provider's pace puts past the window waits for the sweeper, so the page settles within its lease.
  const window = sendWindow(() => (deps.now ?? Date.now)(), CHAT_WINDOW_MS);
  // Each provider in its own queue: Discord's posts never wait behind Telegram's pace, nor the reverse.
  const chats = Promise.all(
    CHAT_CHANNELS.map((channel) =>
      mapLimit(pendingOn(channel), CHATS_AT_ONCE, async ({ uid, deliveries }) => {
        const to = { userId: uid, noticeId: deliveries[0]?.id ?? uid, settings: settings.get(uid) ?? {} };
        const count = Math.max(...deliveries.map((d) => attemptsOf(d, channel)));
        const attempt = await attemptChannel(deps, channel, to, texts(deliveries, uid), count, window);
        set(deliveries, channel, () => attempt);
      }),
    ),
  );
  // Each provider's answers are kept whatever the other's call does: what went out is recorded.
  const [mailResults, pushResults] = await Promise.all([
    messages.length
      ? deps.email.sendMany(messages.map((m) => m.message)).catch((e: unknown) => messages.map(() => unanswered(e)))
      : [],
    requests.length
      ? deps.push
          .sendMany(requests.map((r) => r.request))
          .catch((e: unknown) => requests.map(() => [pushUnanswered(e)]))
      : [],
  ]);
  messages.forEach(({ ds }, i) => {
    const result = mailResults[i];
    set(ds, 'email', (d) =>
      result?.ok ? sent(attemptsOf(d, 'email')) : failure('email', attemptsOf(d, 'email'), result?.error),
    );
  });
  await Promise.all(
    requests.map(async ({ ds, uid, devices: own }, i) => {
      // Once per user: the dead tokens are forgotten once, and every firing told shares the outcome.
      const count = Math.max(...ds.map((d) => attemptsOf(d, 'push')));
      const attempt = await pushAttempt(deps, uid, own, pushResults[i] ?? [], count);
      set(ds, 'push', () => attempt);
    }),
  );
  await chats;
  // Those with nothing left to send now (all held) are settled too, which releases them.
  for (const d of [...byUser.values()].flat()) if (!out.has(d.id)) out.set(d.id, {});
  return [...out].map(([id, attempts]) => ({ ref: deliveryRefById(deps.db, id), attempts }));
}
