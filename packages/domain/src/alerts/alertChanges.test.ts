import { describe, expect, it } from 'vitest';
import { alertChanges, USER_ALERT_FIELDS, type AlertChange } from './alertChanges.ts';
import type { AlertDocument } from '../store/schemas.ts';

const CREATED = 1_800_000_000_000;
const EDITED = CREATED + 60_000;
const WRITTEN = CREATED + 999_999;
const ts = (ms: number) => ({ seconds: Math.floor(ms / 1000), nanoseconds: (ms % 1000) * 1e6 });

const alert: AlertDocument = {
  userId: 'u1',
  currencyPair: 'EUR/USD',
  alertType: 'Price rising above',
  triggerPrice: 1.085,
  priceSide: 'ask',
  status: 'active',
  notificationPreferences: { email: true, push: false },
  createdAt: ts(CREATED),
};
/** A user write: what changed, with updatedAt moved to the time of the write. */
const byUser = (patch: Partial<AlertDocument>): AlertDocument => ({ ...alert, ...patch, updatedAt: ts(EDITED) });

describe('alertChanges: what the user did, from one write', () => {
  it.each<[string, AlertDocument | undefined, AlertDocument | undefined, AlertChange[]]>([
    ['a create, at its createdAt', undefined, alert, [{ type: 'created', at: CREATED }]],
    [
      'a create without a timestamp, at the write',
      undefined,
      { ...alert, createdAt: null },
      [{ type: 'created', at: WRITTEN }],
    ],
    ['a delete', alert, undefined, []],
    ['a pause', alert, byUser({ status: 'paused' }), [{ type: 'paused', at: EDITED }]],
    ['a resume', { ...alert, status: 'paused' }, byUser({ status: 'active' }), [{ type: 'resumed', at: EDITED }]],
    [
      'a resume of a runaway-paused alert (the reason cleared)',
      { ...alert, status: 'paused', pauseReason: 'runaway' },
      { ...byUser({ status: 'active' }), pauseReason: undefined },
      [{ type: 'resumed', at: EDITED }],
    ],
    ['an edit of the price', alert, byUser({ triggerPrice: 1.09 }), [{ type: 'edited', at: EDITED }]],
    ['an edit adding a note', alert, byUser({ note: 'take profit' }), [{ type: 'edited', at: EDITED }]],
    [
      'an edit removing the expiry',
      { ...alert, expiresAt: CREATED + 86_400_000 },
      byUser({ expiresAt: undefined }),
      [{ type: 'edited', at: EDITED }],
    ],
    [
      'an edit of the channels',
      alert,
      byUser({ notificationPreferences: { email: false, push: true } }),
      [{ type: 'edited', at: EDITED }],
    ],
    [
      'an edit that also pauses',
      alert,
      byUser({ repeat: 'every', status: 'paused' }),
      [
        { type: 'edited', at: EDITED },
        { type: 'paused', at: EDITED },
      ],
    ],
    ['a save of the edit form with nothing changed', alert, byUser({}), []],
    [
      'the same preferences in another key order',
      alert,
      byUser({ notificationPreferences: { push: false, email: true } }),
      [],
    ],
  ])('%s', (_label, before, after, expected) => {
    expect(alertChanges(before, after, WRITTEN)).toEqual(expected);
  });

  it.each(USER_ALERT_FIELDS)('a change of %s alone is an edit', (field) => {
    const changed = { currencyPair: 'GBP/USD', alertType: 'Price reaching', triggerPrice: 2, priceSide: 'mid' };
    const value = (changed as Record<string, unknown>)[field] ?? (field === 'notificationPreferences' ? {} : 'x');
    expect(alertChanges(alert, { ...byUser({}), [field]: value }, WRITTEN)).toEqual([{ type: 'edited', at: EDITED }]);
  });

  // The server's writes leave updatedAt alone; their writers record their own events.
  it.each<[string, Partial<AlertDocument>]>([
    ['firing a once-alert', { status: 'triggered', triggeredAt: ts(EDITED), triggeredPrice: 1.0851 }],
    ['firing an every-time alert', { armed: false, fireCount: 1, lastFiredAt: EDITED, rearmBelow: 1.08 }],
    ['re-arming', { armed: true, armedAt: EDITED }],
    ['the runaway guard pausing it', { status: 'paused', pauseReason: 'runaway' }],
    ['expiry', { status: 'cancelled', cancelReason: 'expired' }],
    ['cancelling on a permanent error', { status: 'cancelled', cancelReason: 'error' }],
  ])('records nothing for %s', (_label, patch) => {
    expect(alertChanges(alert, { ...alert, ...patch }, WRITTEN)).toEqual([]);
    const edited = byUser({});
    expect(alertChanges(edited, { ...edited, ...patch }, WRITTEN)).toEqual([]);
  });
});
