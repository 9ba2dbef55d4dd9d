// The alert's history in words: each event as a sentence, and the events under a heading per day.
import { describe, expect, it } from 'vitest';
import { historyByDay, historySentence } from './alertDisplay.ts';
import type { CurrencyPair } from '../common/constants.ts';
import type { AlertEvent } from './history.ts';

const UTC = 'UTC';
const MARCH_5 = Date.UTC(2026, 2, 5, 14, 7);

describe('historySentence: one event in words', () => {
  const event = (patch: Partial<AlertEvent>): AlertEvent => ({
    type: 'created',
    at: MARCH_5,
    expireAt: new Date(),
    ...patch,
  });
  it.each<[Partial<AlertEvent>, CurrencyPair, string]>([
    [{ type: 'created' }, 'EUR/USD', 'Created'],
    [{ type: 'edited' }, 'EUR/USD', 'Edited'],
    [{ type: 'paused' }, 'EUR/USD', 'Paused'],
    [{ type: 'resumed' }, 'EUR/USD', 'Resumed'],
    [{ type: 'rearmed' }, 'EUR/USD', 'Re-armed'],
    // Done from a notice; the snooze's end in the device's time, as every time on the screens.
    [
      { type: 'snoozed', via: 'push', until: new Date(2026, 2, 5, 15, 40).getTime() },
      'EUR/USD',
      'Snoozed until 15:40 from the push',
    ],
    [{ type: 'paused', via: 'email' }, 'EUR/USD', 'Paused from the email'],
    [{ type: 'set_again', via: 'email', newAlertId: 'n1' }, 'EUR/USD', 'Set again from the email'],
    [{ type: 'resumed', reason: 'the snooze ended' }, 'EUR/USD', 'Resumed: the snooze ended'],
    [{ type: 'runaway_paused' }, 'EUR/USD', 'Paused by the runaway guard'],
    [{ type: 'expired' }, 'EUR/USD', 'Expired'],
    [{ type: 'cancelled', reason: 'It could not be fired' }, 'EUR/USD', 'Cancelled: It could not be fired'],
    [{ type: 'cancelled' }, 'EUR/USD', 'Cancelled'],
    [{ type: 'fired', price: 1.08512, side: 'bid' }, 'EUR/USD', 'Fired at 1.08512 (bid)'],
    [{ type: 'fired', price: 150.1, side: 'mid' }, 'USD/JPY', 'Fired at 150.100 (mid)'],
    [{ type: 'fired', price: 2750 }, 'XAU/USD', 'Fired at 2,750.00'],
    [{ type: 'fired' }, 'EUR/USD', 'Fired'],
    [{ type: 'fired', price: 1.08512, atOpen: true }, 'EUR/USD', 'Fired at 1.08512 at the market open'],
    [{ type: 'notified', channel: 'email', outcome: 'sent' }, 'EUR/USD', 'Email sent'],
    [{ type: 'notified', channel: 'push', outcome: 'sent', reason: 'ignored' }, 'EUR/USD', 'Push sent'],
    [
      { type: 'notified', channel: 'push', outcome: 'skipped', reason: 'No device registered for push' },
      'EUR/USD',
      'Push skipped: No device registered for push',
    ],
    [
      { type: 'notified', channel: 'email', outcome: 'skipped', reason: 'Email not verified' },
      'EUR/USD',
      'Email skipped: Email not verified',
    ],
    [{ type: 'notified', channel: 'email', outcome: 'failed' }, 'EUR/USD', 'Email failed'],
    [{ type: 'notified' }, 'EUR/USD', 'Notification sent'],
    [{ type: 'held', channel: 'push' }, 'EUR/USD', 'Push: Held for quiet hours'],
    [{ type: 'held', channel: 'webhook', reason: 'over the budget' }, 'EUR/USD', 'Webhook: held, over the budget'],
    [
      { type: 'notified', channel: 'push', outcome: 'sent', digest: '07:00' },
      'EUR/USD',
      'Push: Sent in the 07:00 digest',
    ],
    [
      {
        type: 'notified',
        channel: 'email',
        outcome: 'failed',
        digest: '07:00',
        reason: 'The email provider refused the message',
      },
      'EUR/USD',
      'Email: The 07:00 digest failed: The email provider refused the message',
    ],
  ])('%o on %s reads %s', (patch, pair, text) => {
    expect(historySentence(event(patch), pair)).toBe(text);
  });
});

describe('historyByDay: a heading per day, the time on each line', () => {
  const at = (iso: string) => ({ at: Date.parse(iso) });
  it('groups consecutive events of a day, newest first as given, in the time zone asked for', () => {
    const events = [at('2026-03-06T00:10:00Z'), at('2026-03-05T23:59:00Z'), at('2026-03-05T14:07:00Z')];
    expect(historyByDay(events, UTC)).toEqual([
      { day: 'Mar 6', events: [{ event: events[0], time: '00:10' }] },
      {
        day: 'Mar 5',
        events: [
          { event: events[1], time: '23:59' },
          { event: events[2], time: '14:07' },
        ],
      },
    ]);
    // Two hours east, the late one on the 5th is already the 6th.
    expect(historyByDay(events, 'Asia/Nicosia').map((d) => [d.day, d.events.map((e) => e.time)])).toEqual([
      ['Mar 6', ['02:10', '01:59']],
      ['Mar 5', ['16:07']],
    ]);
  });

  it('is empty for no events, and keeps an event with an unreadable time under the spec’s fallback', () => {
    expect(historyByDay([], UTC)).toEqual([]);
    expect(historyByDay([{ at: Number.NaN }], UTC)).toEqual([
      { day: 'Invalid date', events: [{ event: { at: Number.NaN }, time: '' }] },
    ]);
  });
});
