/**
 * Sends many deliveries at once: a spike's, which the firing created leased to itself. Each user
 * gets one email and one push for all of their firings here (one alone is told as ever), and the
 * providers get them in batches: SendGrid's personalizations, FCM's sendEach. Each delivery keeps its
 * own state per channel, recorded with the lease discipline of leaseMany.ts. A webhook goes after,
 * one request per firing; what needs more (quiet hours holding a channel, an expiry notice) goes
 * through sendDelivery, alone.
 */
import { dateMillis, type DeliveryChannel } from '@price-alerts/domain/common';
import { heldChannels, pendingChannels, type Delivery } from '@price-alerts/domain/notify';
import { mapLimit } from '../lib/mapLimit';
import * as logs from '../logs';
import { deliveryRefById } from '../repositories/deliveries';
import { holdChannels } from './hold';
import { record, release, type SendResult } from './lease';
import { claimMany, openChannels, settleMany, type Settled } from './leaseMany';
import { sendBatches, type Claimed } from './noticeBatches';
import type { NoticeSettings } from './providers';
import { deliveryKind, sendDelivery, type SenderDeps } from './sender';

/** Users whose recipients and settings are looked up at once. */
const LOOKUPS = 32;

export interface ManySent {
  /** Deliveries sent here, in batches. */
  batched: number;
  /** Deliveries sent alone: a channel held by quiet hours, an expiry notice. */
  alone: number;
  /** The batched deliveries left to retry, with their outcome. */
  retries: { id: string; result: SendResult }[];
}

/** Whether quiet hours hold one of `d`'s pending channels now. */
const holding = (d: Delivery, settings: NoticeSettings, now: number) =>
  heldChannels(settings.quietHours, now).some((c) => pendingChannels(d).includes(c));

/** Whether `d` has a webhook request to make, one per firing, once its email and push are sent. */
const hooked = (d: Delivery, settings: NoticeSettings) =>
  d.channels.webhook?.state === 'pending' ||
  (!d.channels.webhook && !!settings.webhook && settings.webhook.since <= dateMillis(d.triggeredAt));

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
  const pages = userPages([...new Set(ids)], pageSize);
  const counts = await mapLimit(pages, pagesAtOnce, (page) => sendPage(deps, page, lease));
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
  const settings = await deps.recipients.settingsOf(users);
  // An expiry notice goes alone; a firing's channels held by quiet hours go to the user's digest
  // first (a user's in turn: they share the digest), and the rest of it into the batch.
  const alone = claimed.filter((c) => c.current.kind === 'expired').map((c) => c.current.id);
  const fired = claimed.flatMap(({ current: d }) => (d.kind === 'expired' ? [] : [d]));
  const byUser = new Map<string, Claimed[]>();
  for (const d of fired) byUser.set(d.userId, [...(byUser.get(d.userId) ?? []), d]);
  await mapLimit([...byUser], LOOKUPS, async ([uid, ds]) => {
    const kept: Claimed[] = [];
    for (const d of ds) {
      if (!holding(d, settings.get(uid) ?? {}, now)) kept.push(d);
      else {
        const hold = await holdChannels(deps.db, d.id, lease, now);
        // Taken over by another sender: it is no longer ours to send.
        if ('lost' in hold) continue;
        for (const c of hold.held) d.channels[c] = { state: 'held', attempts: d.channels[c]?.attempts ?? 0 };
        kept.push(d);
      }
    }
    byUser.set(uid, kept);
  });
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
