// Quiet hours changed mid-night, against the emulators with a clock the test moves: turned off
// (what was held goes at once), off and on again, a zone change moving the end, and settings that
// change while a sender looks at them.
import { describe, expect, it } from 'vitest';
import { NIGHT, QUIET, quietHoursStack, t_ } from '../testing/quietHours';
import { rescheduleDigests, sendDigest } from './digests';
import { sendDelivery } from './sender';

const { q, sender, setQuiet, fired, digests, onlyDigest, history } = quietHoursStack('demo-digest-settings');

describe('changing quiet hours', () => {
  it('turned off: what was held is due at once', async () => {
    await sendDelivery(sender(), await fired('eur'));
    q.clock = t_('2026-11-24T01:12:00Z');
    await setQuiet({ ...QUIET, enabled: false });
    const { due } = await rescheduleDigests(sender(), q.uid);
    expect(due).toHaveLength(1);
    expect(await sendDigest(sender(), due[0] ?? '')).toMatchObject({ outcome: 'sent' });
    expect(q.fcm.sent).toHaveLength(1);
    expect((await history('eur')).at(-1)).toMatchObject({ outcome: 'sent', digest: '01:12' });
  });

  it('a change of zone mid-night moves the end to 07:00 in the new zone', async () => {
    q.clock = t_('2026-11-23T23:00:00Z');
    await sendDelivery(sender(), await fired('eur'));
    // 03:00 in London is 22:00 in New York: still quiet there, until 07:00 New York (12:00 UTC).
    q.clock = t_('2026-11-24T03:00:00Z');
    await setQuiet({ ...QUIET, timeZone: 'America/New_York' });
    expect(await rescheduleDigests(sender(), q.uid)).toEqual({ moved: 1, due: [] });
    const digest = await onlyDigest();
    expect(digest).toMatchObject({ dueAt: t_('2026-11-24T12:00:00Z'), timeZone: 'America/New_York' });
    q.clock = NIGHT.end;
    expect(await sendDigest(sender(), digest.id)).toMatchObject({ outcome: 'not-due' });
    q.clock = t_('2026-11-24T12:00:00Z');
    expect(await sendDigest(sender(), digest.id)).toMatchObject({ outcome: 'sent' });
    expect((await history('eur')).at(-1)).toMatchObject({ outcome: 'sent', digest: '07:00' });
  });

  it('turned off and on again mid-night: what fires next is held in a new digest, not sent', async () => {
    await sendDelivery(sender(), await fired('first'));
    q.clock += 60_000;
    await setQuiet({ ...QUIET, enabled: false });
    const { due } = await rescheduleDigests(sender(), q.uid);
    expect(await sendDigest(sender(), due[0] ?? '')).toMatchObject({ outcome: 'sent' });
    q.clock += 60_000;
    await setQuiet(QUIET);
    await sendDelivery(sender(), await fired('second'));
    expect(q.fcm.sent).toHaveLength(1);
    const open = (await digests()).filter((d) => d.open);
    expect(open.map((d) => [d.count, d.dueAt])).toEqual([[1, NIGHT.end]]);
  });

  it('settings turned off after the sender looked hold nothing: the transaction reads them again', async () => {
    const id = await fired('eur');
    const racing = sender();
    const look = racing.recipients.settings;
    racing.recipients = {
      ...racing.recipients,
      // The user turns quiet hours off right after the sender's first look.
      settings: async (userId) => {
        const seen = await look(userId);
        await setQuiet({ ...QUIET, enabled: false });
        return seen;
      },
    };
    await sendDelivery(racing, id);
    expect(q.fcm.sent).toHaveLength(1);
    expect(await digests()).toEqual([]);
  });

  it('a change to a zone where it is already day sends at once', async () => {
    q.clock = t_('2026-11-23T23:00:00Z');
    await sendDelivery(sender(), await fired('eur'));
    q.clock = t_('2026-11-24T03:00:00Z'); // 12:00 in Tokyo
    await setQuiet({ ...QUIET, timeZone: 'Asia/Tokyo' });
    const { due } = await rescheduleDigests(sender(), q.uid);
    expect(due).toHaveLength(1);
  });
});
