/**
 * Sends many deliveries at once: a spike's, which the firing created leased to itself. Each user
 * gets one email and one push for all of their firings here (one alone is told as ever), and the
 * providers get them in batches: SendGrid's personalizations, FCM's sendEach. Each delivery keeps its
 * own state per channel, recorded with the lease discipline of leaseMany.ts. A webhook goes after,
 * one request per firing; what needs more (quiet hours holding a channel, an expiry notice) goes
 * through sendDelivery, alone.
 */
import { dateMillis, noticeTimeZone, type DeliveryChannel } from '@price-alerts/domain/common';
import {
  groupedAlertEmail,
  groupedAlertPush,
  heldChannels,
  pendingChannels,
  type Delivery,
  type FiredDelivery,
} from '@price-alerts/domain/notify';
import { mapLimit } from '../lib/mapLimit';
import * as logs from '../logs';
import { deliveryRefById } from '../repositories/deliveries';
import { noticeActions } from '../actions/links';
import {
  NO_DEVICES,
  deliveryTexts,
  failure,
  firedNotice,
  pushAttempt,
  sent,
  skipped,
  type ChannelAttempt,
} from './channels';
import { record, release, type SendResult } from './lease';
import { claimMany, openChannels, settleMany, type Settled } from './leaseMany';
import type { EmailMessage, NoticeSettings, PushRequest } from './providers';
import { deliveryKind, sendDelivery, type SenderDeps } from './sender';

/** Users whose recipients and settings are looked up at once. */
const LOOKUPS = 32;

type Claimed = FiredDelivery & { id: string };

export interface ManySent {
  /** Deliveries sent here, in batches. */
  batched: number;
  /** Deliveries sent alone: a channel held by quiet hours, an expiry notice. */
  alone: number;
  /** The batched deliveries left to retry, with their outcome. */
  retries: { id: string; result: SendResult }[];
}

/** Whether `d`'s email and push go in the batch: a firing, nothing of it held by quiet hours. */
function batchable(d: Delivery, settings: NoticeSettings, now: number): d is FiredDelivery {
  const pending = pendingChannels(d);
  if (d.kind === 'expired') return false;
  return !heldChannels(settings.quietHours, now).some((c) => pending.includes(c));
}

/** Whether `d` has a webhook request to make, one per firing, once its email and push are sent. */
const hooked = (d: Delivery, settings: NoticeSettings) =>
  d.channels.webhook?.state === 'pending' ||
  (!d.channels.webhook && !!settings.webhook && settings.webhook.since <= dateMillis(d.triggeredAt));

const attemptsOf = (d: Delivery, channel: DeliveryChannel) => (d.channels[channel]?.attempts ?? 0) + 1;

/**
 * Deliveries per page: claimed together (which renews their lease), sent, then recorded, so each
 * page's sending starts well within its lease. A user's deliveries never straddle two pages.
 */
export const SEND_PAGE = 500;
/** Pages sent at once: the next page's lookups overlap the last one's provider calls. */
const PAGES_AT_ONCE = 4;

/** `ids` in pages of whole users (an id starts with its user's, see deliveryId). */
export function userPages(ids: readonly string[], size = SEND_PAGE): string[][] {
  const pages: string[][] = [];
  let page: string[] = [];
  let user = '';
  for (const id of [...ids].sort()) {
    const owner = id.slice(0, id.indexOf('__'));
    if (page.length >= size && owner !== user) {
      pages.push(page);
      page = [];
    }
    page.push(id);
    user = owner;
  }
  if (page.length) pages.push(page);
  return pages;
}

export async function sendMany(
  deps: SenderDeps,
  ids: readonly string[],
  lease: string,
  { pageSize = SEND_PAGE, pagesAtOnce = PAGES_AT_ONCE } = {},
): Promise<ManySent> {
  const counts = await mapLimit(userPages(ids, pageSize), pagesAtOnce, (page) => sendPage(deps, page, lease));
  return {
    batched: counts.reduce((n, c) => n + c.batched, 0),
    alone: counts.reduce((n, c) => n + c.alone, 0),
    retries: counts.flatMap((c) => c.retries),
  };
}

async function sendPage(deps: SenderDeps, ids: readonly string[], lease: string): Promise<ManySent> {
  const kind = deliveryKind(deps);
  const claimed = await claimMany(
    deps,
    kind,
    ids.map((id) => deliveryRefById(deps.db, id)),
    lease,
  );
  const now = (deps.now ?? Date.now)();
  const users = [...new Set(claimed.map((c) => c.current.userId))];
  const settings = new Map(
    await mapLimit(users, LOOKUPS, async (u) => [u, await deps.recipients.settings(u)] as const),
  );
  const byUser = new Map<string, Claimed[]>();
  const alone: string[] = [];
  for (const { current } of claimed) {
    const own = settings.get(current.userId) ?? {};
    if (!batchable(current, own, now)) alone.push(current.id);
    else byUser.set(current.userId, [...(byUser.get(current.userId) ?? []), current]);
  }
  const hooks = new Set(
    [...byUser.values()]
      .flat()
      .filter((d) => deps.webhook && hooked(d, settings.get(d.userId) ?? {}))
      .map((d) => d.id),
  );
  // A delivery whose email and push are done keeps its lease for its webhook, sent next; one with a
  // retry to wait for is released, and its webhook goes with that retry.
  const attempts = (await sendBatches(deps, byUser, settings)).map((a) => {
    const done = Object.values(a.attempts).every((t) => t.state.state !== 'pending');
    if (!hooks.has(a.ref.id) || !done) hooks.delete(a.ref.id);
    return hooks.has(a.ref.id) ? { ...a, open: ['webhook' as const] } : a;
  });
  const settled = await settleSafely(deps, kind, attempts, lease);
  // The webhooks last, one signed request per firing, so a slow receiver never delays an email or push.
  const single = await mapLimit([...alone, ...hooks], 8, async (id) => {
    try {
      return { id, result: await sendDelivery(deps, id, lease) };
    } catch (error) {
      logs.dueSendFailed('delivery', id, error);
      return { id, result: { outcome: 'busy' } as SendResult };
    }
  });
  const retries = [
    ...attempts.flatMap((a, i) => {
      const result = settled[i];
      return result?.outcome === 'retry' ? [{ id: a.ref.id, result }] : [];
    }),
    ...single.filter((s) => s.result.outcome === 'retry'),
  ];
  return { batched: attempts.length, alone: alone.length, retries };
}

/**
 * settleMany; if a page's transaction cannot commit (contention), each delivery is recorded alone,
 * so what the providers accepted is never left unrecorded for the sweeper to send again.
 */
async function settleSafely(
  deps: SenderDeps,
  kind: ReturnType<typeof deliveryKind>,
  attempts: Settled[],
  lease: string,
): Promise<SendResult[]> {
  try {
    return await settleMany(deps, kind, attempts, lease);
  } catch (error) {
    logs.dueSendFailed('delivery', attempts[0]?.ref.id ?? '-', error);
    return mapLimit(attempts, 8, async ({ ref, attempts: tried, open }) => {
      for (const [channel, attempt] of Object.entries(tried))
        await record(deps, kind, ref, lease, channel as DeliveryChannel, attempt);
      if (!open?.length) return release(deps, kind, ref, lease);
      await openChannels(deps, ref, lease, open);
      return { outcome: 'busy' } as const;
    });
  }
}

/** One email and one push per user for their firings, in provider batches; each delivery's attempts. */
async function sendBatches(
  deps: SenderDeps,
  byUser: Map<string, Claimed[]>,
  settings: Map<string, NoticeSettings>,
): Promise<Settled[]> {
  const pendingOn = (channel: DeliveryChannel) =>
    [...byUser].flatMap(([uid, ds]) => {
      const those = ds.filter((d) => d.channels[channel]?.state === 'pending');
      those.sort((a, b) => dateMillis(a.triggeredAt) - dateMillis(b.triggeredAt));
      return those.length ? [{ uid, deliveries: those }] : [];
    });
  const mailed = pendingOn('email');
  const pushed = pendingOn('push');
  const [addresses, devices] = await Promise.all([
    deps.recipients.emails(mailed.map((m) => m.uid)),
    mapLimit(pushed, LOOKUPS, (p) => deps.recipients.pushTokens(p.uid)),
  ]);
  const zone = (uid: string) => noticeTimeZone(settings.get(uid)?.timeZone, settings.get(uid)?.quietHours?.timeZone);
  const texts = (ds: Claimed[], uid: string) => {
    const [first] = ds;
    if (ds.length === 1 && first)
      return deliveryTexts(first, deps.appUrl, zone(uid), noticeActions(first, deps.appUrl, deps.signAction));
    const fired = ds.map(firedNotice);
    return {
      email: () => groupedAlertEmail(fired, deps.appUrl, zone(uid)),
      push: () => groupedAlertPush(fired, zone(uid)),
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
  pushed.forEach(({ uid, deliveries }, i) => {
    const own = devices[i] ?? [];
    if (own.length === 0) return set(deliveries, 'push', (d) => skipped(attemptsOf(d, 'push') - 1, NO_DEVICES));
    const payload = texts(deliveries, uid).push();
    requests.push({
      ds: deliveries,
      uid,
      devices: own,
      request: { userId: uid, tokens: own.map((t) => t.token), payload },
    });
  });

  const [mailResults, pushResults] = await Promise.all([
    messages.length ? deps.email.sendMany(messages.map((m) => m.message)) : [],
    requests.length ? deps.push.sendMany(requests.map((r) => r.request)) : [],
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
  return [...out].map(([id, attempts]) => ({ ref: deliveryRefById(deps.db, id), attempts }));
}
