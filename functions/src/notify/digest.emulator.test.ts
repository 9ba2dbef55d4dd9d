// Quiet hours against the emulators with a clock the test moves: what is held, the one digest
// that carries it when the hours end, and the digest under the same faults as a single send:
// provider 500s, a dead token, two senders, a killed sender.
import { describe, expect, it } from 'vitest';
import { dueDigests } from '../repositories/digests';
import { NIGHT, QUIET, quietHoursStack, t_ } from '../testing/quietHours';
import { sendDigest } from './digests';
import { sendDelivery } from './sender';

const { q, sender, setQuiet, fired, delivery, digests, onlyDigest, history } = quietHoursStack('demo-digests');

describe('holding for quiet hours', () => {
  it('sends a firing at 21:59:59 at once and holds the push of one at 22:00, sending its email', async () => {
    q.clock = NIGHT.start - 1_000;
    const before = await fired('before');
    expect(await sendDelivery(sender(), before)).toMatchObject({ outcome: 'sent' });
    expect([q.sink.mails.length, q.fcm.sent.length]).toEqual([1, 1]);

    q.clock = NIGHT.start;
    const during = await fired('during');
    expect(await sendDelivery(sender(), during)).toMatchObject({ outcome: 'sent' });
    expect([q.sink.mails.length, q.fcm.sent.length]).toEqual([2, 1]);
    const digest = await onlyDigest();
    expect((await delivery(during)).channels).toMatchObject({
      email: { state: 'sent' },
      push: { state: 'held', digestId: digest.id },
    });
    expect(digest).toMatchObject({ open: true, dueAt: NIGHT.end, count: 1, timeZone: 'Europe/London' });
    expect(digest.items.map((i) => [i.alertId, i.channels])).toEqual([['during', ['push']]]);
    expect(await history('during')).toEqual([
      { type: 'held', channel: 'push' },
      { type: 'notified', channel: 'email', outcome: 'sent' },
    ]);
    expect(await dueDigests(q.t.db, NIGHT.end - 1)).toEqual([]);
  });

  it('holds email too when asked, and holds nothing when quiet hours are off', async () => {
    await setQuiet({ ...QUIET, holdEmail: true });
    const held = await fired('held');
    await sendDelivery(sender(), held);
    expect((await delivery(held)).channels).toMatchObject({ email: { state: 'held' }, push: { state: 'held' } });
    expect([q.sink.mails.length, q.fcm.sent.length]).toEqual([0, 0]);

    await setQuiet({ ...QUIET, enabled: false });
    q.clock += 1;
    const sent = await fired('sent');
    await sendDelivery(sender(), sent);
    expect([q.sink.mails.length, q.fcm.sent.length]).toEqual([1, 1]);
  });

  it('ignores settings it cannot honour (an unknown zone) and sends at once', async () => {
    await q.t.db.doc(`users/${q.uid}`).set({ quietHours: { ...QUIET, timeZone: 'Mars/Olympus_Mons' } });
    await sendDelivery(sender(), await fired('mars'));
    expect([q.sink.mails.length, q.fcm.sent.length]).toEqual([1, 1]);
    expect(await digests()).toEqual([]);
  });
});

describe('the digest', () => {
  it('carries a night across midnight as one push that opens the dashboard, at 07:00 and not before', async () => {
    await setQuiet({ ...QUIET, holdEmail: true });
    for (const [alert, at] of [
      ['eur', '2026-11-23T22:10:00Z'],
      ['gbp', '2026-11-23T23:59:59Z'],
      ['jpy', '2026-11-24T03:12:00Z'],
    ] as const) {
      q.clock = t_(at);
      await sendDelivery(sender(), await fired(alert, q.clock, alert === 'jpy' ? 'USD/JPY' : 'EUR/USD'));
    }
    const digest = await onlyDigest();
    expect(digest.count).toBe(3);
    expect([q.sink.mails.length, q.fcm.sent.length]).toEqual([0, 0]);

    q.clock = NIGHT.end - 1;
    expect(await sendDigest(sender(), digest.id)).toEqual({ outcome: 'not-due', dueAt: NIGHT.end });
    q.clock = NIGHT.end + 20_000;
    expect(await dueDigests(q.t.db, q.clock)).toEqual([digest.id]);
    expect(await sendDigest(sender(), digest.id)).toMatchObject({ outcome: 'sent' });
    expect(q.fcm.sent).toHaveLength(1);
    expect(q.fcm.sent[0]).toMatchObject({
      token: 'device-token-1',
      notification: { title: '3 alerts fired during quiet hours' },
      data: { url: '/dashboard' },
    });
    expect(q.sink.mails).toHaveLength(1);
    expect(q.sink.mails[0]?.subject).toBe('3 alerts fired during quiet hours');
    expect(q.sink.mails[0]?.text).toContain('- USD/JPY Price rising above 1.100: 1.100 at Nov 24, 03:12');
    expect(q.sink.mails[0]?.text).toContain('- EUR/USD Price rising above 1.10000: 1.10012 at Nov 23, 23:59');
    expect(await history('gbp')).toEqual([
      { type: 'held', channel: 'email' },
      { type: 'held', channel: 'push' },
      { type: 'notified', channel: 'email', outcome: 'sent', digest: '07:00' },
      { type: 'notified', channel: 'push', outcome: 'sent', digest: '07:00' },
    ]);
    // Sent once: a second sender, or the sweeper, finds nothing left.
    expect(await sendDigest(sender('b'), digest.id)).toEqual({ outcome: 'done' });
    expect(await dueDigests(q.t.db, q.clock + 10_000_000)).toEqual([]);
    expect([q.sink.mails.length, q.fcm.sent.length]).toEqual([1, 1]);
    // What fires after it went out is sent as usual.
    await sendDelivery(sender(), await fired('morning', q.clock));
    expect([q.sink.mails.length, q.fcm.sent.length]).toEqual([2, 2]);
  });

  it('the email tells only of what was held on email', async () => {
    await sendDelivery(sender(), await fired('push-only'));
    expect(q.sink.mails).toHaveLength(1);
    await setQuiet({ ...QUIET, holdEmail: true });
    q.clock += 60_000;
    await sendDelivery(sender(), await fired('both'));
    q.clock = NIGHT.end;
    await sendDigest(sender(), (await onlyDigest()).id);
    expect(q.fcm.sent[0]?.notification?.title).toBe('2 alerts fired during quiet hours');
    expect(q.sink.mails[1]?.subject).toBe('1 alert fired during quiet hours');
  });

  it('two senders holding for the same night at once fill one digest', async () => {
    const [a, b] = [await fired('a'), await fired('b', q.clock - 1)];
    await Promise.all([sendDelivery(sender('s1'), a), sendDelivery(sender('s2'), b)]);
    expect((await onlyDigest()).count).toBe(2);
  });

  it('retries after the email provider answers 500 and sends each channel once', async () => {
    await setQuiet({ ...QUIET, holdEmail: true });
    await sendDelivery(sender(), await fired('eur'));
    const { id } = await onlyDigest();
    q.clock = NIGHT.end;
    await fetch(`${q.sink.url}/control/fail`, { method: 'POST', body: JSON.stringify({ status: 500, count: 1 }) });
    expect(await sendDigest(sender(), id)).toEqual({ outcome: 'retry', dueAt: q.clock + 2_000 });
    expect((await onlyDigest()).channels).toMatchObject({
      email: { state: 'pending', attempts: 1 },
      push: { state: 'sent' },
    });
    q.clock += 2_000;
    expect(await dueDigests(q.t.db, q.clock)).toEqual([id]);
    expect(await sendDigest(sender(), id)).toMatchObject({ outcome: 'sent' });
    expect([q.sink.mails.length, q.fcm.sent.length]).toEqual([1, 1]);
  });

  it('skips push whose every token is dead, forgets the token, and says so in the history', async () => {
    await sendDelivery(sender(), await fired('eur'));
    q.fcm.errors.set('device-token-1', 'messaging/registration-token-not-registered');
    q.clock = NIGHT.end;
    expect(await sendDigest(sender(), (await onlyDigest()).id)).toMatchObject({ outcome: 'sent' });
    expect((await q.t.db.collection(`users/${q.uid}/pushTokens`).get()).size).toBe(0);
    expect((await history('eur')).at(-1)).toEqual({
      type: 'notified',
      channel: 'push',
      outcome: 'skipped',
      digest: '07:00',
      reason: "The device's push subscription has expired",
    });
  });

  it('lets only one of two senders at once send it', async () => {
    await sendDelivery(sender(), await fired('eur'));
    const { id } = await onlyDigest();
    q.clock = NIGHT.end;
    const outcomes = (await Promise.all([sendDigest(sender('a'), id), sendDigest(sender('b'), id)])).map(
      (r) => r.outcome,
    );
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(q.fcm.sent).toHaveLength(1);
  });

  it('is taken over from a sender killed holding its lease, once the lease expires, and sent once', async () => {
    await sendDelivery(sender(), await fired('eur'));
    const { id } = await onlyDigest();
    q.clock = NIGHT.end;
    // The killed sender claimed it (closing it) and never came back.
    await q.t.db.doc(`digests/${id}`).update({
      open: false,
      sentAt: q.clock,
      lease: { owner: 'killed', until: q.clock + 60_000 },
      dueAt: q.clock + 60_000,
    });
    expect(await sendDigest(sender(), id)).toEqual({ outcome: 'busy' });
    // Closed: what is held meanwhile would start another digest, never join this one.
    q.clock += 60_001;
    expect(await dueDigests(q.t.db, q.clock)).toEqual([id]);
    expect(await sendDigest(sender(), id)).toMatchObject({ outcome: 'sent' });
    expect(q.fcm.sent).toHaveLength(1);
  });
});
