/**
 * Quiet-hours digests: sent like a delivery (lease.ts) once their hours end, and moved or released
 * at once when the user changes their quiet hours.
 */
import { noticeTimeZone, type HeldChannel } from '@price-alerts/domain/common';
import { type NotifyOutcome } from '@price-alerts/domain/alerts';
import {
  clockTime,
  digestEmail,
  digestPush,
  digestSchema,
  pendingChannels,
  quietEnd,
  type Digest,
} from '@price-alerts/domain/notify';
import { randomUUID } from 'node:crypto';
import { digestRefById, openDigests } from '../repositories/digests';
import { alertRefOf, recordEvent } from '../repositories/history';
import { parseDoc } from '../repositories/parse';
import { profileRef, quietHoursIn } from '../repositories/profiles';
import { ofThisAlert } from './alertOf';
import { attemptChannel, chatTexts, type Texts } from './channels';
import { sendWindow } from './chatChannel';
import { claim, record, release, type LeasedKind, type SendResult } from './lease';
import type { SenderDeps } from './sender';

type StoredDigest = Digest & { id: string };

/**
 * The first claim closes the digest (nothing joins it after) and stamps when it went out, the
 * 'HH:MM' its history events name. When a channel is final, every listed alert held on it gets one
 * 'notified' event saying 'Sent in the 07:00 digest' (or why not), in the same transaction.
 */
function digestKind(deps: SenderDeps): LeasedKind<StoredDigest> {
  const heldOn = (d: StoredDigest, channel: string) => {
    const ids = d.items.filter((i) => i.channels.some((c) => c === channel)).map((i) => i.alertId);
    return [...new Set(ids)];
  };
  return {
    parse: (snapshot) => parseDoc(digestSchema, snapshot),
    onClaim: (d, now) => (d.open ? { open: false, sentAt: now } : {}),
    finalReads: (d, channel) => heldOn(d, channel).map((id) => alertRefOf(deps.db, d.userId, id)),
    onFinal(tx, d, channel, { state, reason }, alerts, at) {
      const digest = clockTime(d.sentAt ?? at, d.timeZone);
      const outcome = state.state as NotifyOutcome;
      heldOn(d, channel).forEach((alertId, n) => {
        // Told if any of its items is of the alert as it is now: a re-created alert's own, not its predecessor's.
        const latest = Math.max(...d.items.filter((i) => i.alertId === alertId).map((i) => i.at));
        if (!ofThisAlert(alerts[n], latest)) return;
        const event = { type: 'notified' as const, at, channel, outcome, digest, ...(reason ? { reason } : {}) };
        recordEvent(tx, alertRefOf(deps.db, d.userId, alertId), event);
      });
    },
  };
}

/**
 * Each channel tells of the notices held on it: one held on push only (its email went out at once,
 * before 'Hold email too' was turned on) is not in the email. The unlisted ones are counted on both.
 */
function onChannel(d: Digest, channel: HeldChannel): Digest {
  const items = d.items.filter((i) => i.channels.includes(channel));
  return { ...d, items, count: items.length + (d.count - d.items.length) };
}

/** Times in the user's zone: their own, else the quiet hours' as they are now, else those the digest was kept in. */
const digestTexts = (d: Digest, appUrl: string, timeZone: string, at: Date): Texts => ({
  email: () => digestEmail(onChannel(d, 'email'), appUrl, timeZone),
  push: () => digestPush(onChannel(d, 'push'), timeZone),
  // Discord is never held, so never in a digest; its text is the push's, as Telegram's is.
  ...chatTexts(
    () => digestPush(onChannel(d, 'telegram'), timeZone),
    `${appUrl.replace(/\/$/, '')}/dashboard`,
    timeZone,
    at,
  ),
});

export async function sendDigest(deps: SenderDeps, id: string): Promise<SendResult> {
  const ref = digestRefById(deps.db, id);
  const kind = digestKind(deps);
  const lease = `${deps.owner}:${randomUUID().slice(0, 8)}`;
  const claimed = await claim(deps, kind, ref, lease);
  if ('outcome' in claimed) return claimed;
  const settings = await deps.recipients.settings(claimed.userId);
  const zone = noticeTimeZone(settings.timeZone, settings.quietHours?.timeZone ?? claimed.timeZone);
  const now = (deps.now ?? Date.now)();
  const texts = digestTexts(claimed, deps.appUrl, zone, new Date(now));
  const to = { userId: claimed.userId, noticeId: id, settings };
  const window = sendWindow(() => (deps.now ?? Date.now)());
  // A channel told to wait (Telegram's 429) is tried at its time, not with an email's retry.
  for (const channel of pendingChannels(claimed).filter((c) => (claimed.channels[c]?.notBefore ?? 0) <= now)) {
    const attempts = (claimed.channels[channel]?.attempts ?? 0) + 1;
    await record(deps, kind, ref, lease, channel, await attemptChannel(deps, channel, to, texts, attempts, window));
  }
  return release(deps, kind, ref, lease);
}

/**
 * The user changed their quiet hours (or their zone): each open digest is due when the hours as
 * stored now end, or at once when the new settings do not hold now (turned off, or the window moved
 * past). Returns the ids due now, for the caller to send without waiting for the sweeper.
 */
export async function rescheduleDigests(deps: SenderDeps, userId: string): Promise<{ moved: number; due: string[] }> {
  const now = (deps.now ?? Date.now)();
  const open = await openDigests(deps.db, userId).get();
  const due: string[] = [];
  let moved = 0;
  for (const doc of open.docs) {
    await deps.db.runTransaction(async (tx) => {
      const digest = parseDoc(digestSchema, await tx.get(doc.ref));
      // The settings as they are now, not as the triggering write left them: triggers come in any order.
      const quiet = quietHoursIn(await tx.get(profileRef(deps.db, userId)));
      if (!digest?.open) return;
      const dueAt = quietEnd(quiet, now) ?? now;
      tx.update(doc.ref, { dueAt, ...(quiet ? { timeZone: quiet.timeZone } : {}) });
      if (dueAt <= now) due.push(doc.id);
      else moved += 1;
    });
  }
  return { moved, due };
}
