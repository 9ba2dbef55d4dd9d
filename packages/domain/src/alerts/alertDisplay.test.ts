import { describe, expect, it } from 'vitest';
import {
  PRICE_SIDE_LABELS,
  RUNAWAY_PAUSE_TEXT,
  alertSide,
  cancelReasonText,
  distanceText,
  firedTimes,
  liveLine,
  midPrice,
  expiryText,
  modelDetails,
  previousReason,
  repeatSummary,
  runawayPaused,
  sidePrice,
} from './alertDisplay.ts';
import type { AlertType, CurrencyPair, PriceSide } from '../common/constants.ts';
import type { LevelAlert as Alert } from '../store/schemas.ts';

const UTC = 'UTC';
const MARCH_5 = Date.UTC(2026, 2, 5, 14, 7);

const alert = (patch: Partial<Alert> = {}): Alert => ({
  id: 'a1',
  userId: 'u1',
  currencyPair: 'EUR/USD',
  alertType: 'Price rising above',
  triggerPrice: 1.09,
  status: 'active',
  notificationPreferences: { email: true, push: false },
  ...patch,
});

describe('price sides', () => {
  it.each<[PriceSide | undefined, PriceSide, number]>([
    [undefined, 'ask', 1.0852],
    ['ask', 'ask', 1.0852],
    ['bid', 'bid', 1.085],
    ['mid', 'mid', 1.0851],
  ])('a side of %s reads as %s, priced %d', (stored, side, price) => {
    expect(alertSide({ priceSide: stored })).toBe(side);
    expect(sidePrice({ ask: 1.0852, bid: 1.085 }, side)).toBeCloseTo(price, 10);
  });

  it('mid is the average of ask and bid, and each side has a label', () => {
    expect(midPrice(90_010, 89_990)).toBe(90_000);
    expect(PRICE_SIDE_LABELS).toEqual({ ask: 'Ask', bid: 'Bid', mid: 'Mid' });
  });
});

describe('distanceText: how far the price is from the level', () => {
  it.each<[string, AlertType, number, number, string]>([
    ['below a rising-above level', 'Price rising above', 1.09, 1.0854, '0.42% away'],
    ['beyond a rising-above level', 'Price rising above', 1.08, 1.0854, '0.50% past'],
    ['above a dropping-below level', 'Price dropping below', 1.08, 1.0854, '0.50% away'],
    ['beyond a dropping-below level', 'Price dropping below', 1.09, 1.0854, '0.42% past'],
    ['either side of a reaching level', 'Price reaching', 1.08, 1.0854, '0.50% away'],
    ['at the level', 'Price reaching', 1.0854, 1.0854, 'At the level'],
    ['a hair from the level', 'Price rising above', 90_000.01, 90_000, '<0.01% away'],
    ['ten percent or more: one decimal', 'Price rising above', 3_100, 2_750, '12.7% away'],
    ['a hundred percent or more: none', 'Price rising above', 7_000, 2_750, '155% away'],
    ['no price to judge by', 'Price rising above', 1.09, 0, ''],
    ['a price that is not a number', 'Price rising above', 1.09, Number.NaN, ''],
  ])('%s', (_, type, level, price, text) => {
    expect(distanceText(type, level, price)).toBe(text);
  });

  it.each<[CurrencyPair, number, number, string]>([
    ['EUR/USD', 1.09, 1.08512, '1.08512 · 0.45% away'],
    ['USD/JPY', 150, 149.5, '149.500 · 0.33% away'],
    ['BTC/USD', 95_000, 90_123.45, '90,123.45 · 5.41% away'],
  ])('the row line of %s at %d priced %d is %s', (currencyPair, triggerPrice, price, text) => {
    expect(liveLine(alert({ currencyPair, triggerPrice }), price)).toBe(text);
  });
});

describe('repeat in the row', () => {
  it.each<[string, Partial<Alert>, string | null]>([
    ['a once alert: nothing', {}, null],
    ['an explicit once: nothing', { repeat: 'once', fireCount: 2 }, null],
    ['every time, never fired', { repeat: 'every' }, 'Every time · not fired yet'],
    [
      'every time, fired 3 times',
      { repeat: 'every', fireCount: 3, lastFiredAt: MARCH_5 },
      'Every time · fired 3× · last Mar 5, 14:07',
    ],
  ])('%s', (_, patch, text) => {
    expect(repeatSummary(alert(patch), UTC)).toBe(text);
  });

  it.each([
    [undefined, 'not fired yet'],
    [0, 'not fired yet'],
    [1, 'fired 1×'],
    [16, 'fired 16×'],
  ])('%s firings read %s', (count, text) => {
    expect(firedTimes(count)).toBe(text);
  });
});

describe('pauses and endings', () => {
  it('explains the runaway guard word for word', () => {
    expect(RUNAWAY_PAUSE_TEXT).toBe('Paused after more than 15 firings in 3 minutes. Resume it when the market calms.');
  });

  it.each<[Partial<Alert>, boolean]>([
    [{ status: 'paused', pauseReason: 'runaway' }, true],
    [{ status: 'paused' }, false],
    // Resumed by the user: the reason is cleared by the rules, but an active alert is never "paused".
    [{ status: 'active', pauseReason: 'runaway' }, false],
  ])('runawayPaused(%o) is %s', (patch, paused) => {
    expect(runawayPaused(alert(patch))).toBe(paused);
  });

  it.each<[Partial<Alert>, string | null, string | null]>([
    [{ status: 'cancelled', cancelReason: 'expired', expiresAt: MARCH_5 }, 'Expired', 'Expired on Mar 5, 14:07'],
    [{ status: 'cancelled', cancelReason: 'expired' }, 'Expired', 'Expired'],
    [
      { status: 'cancelled', cancelReason: 'error' },
      null,
      'This alert could not be fired and was cancelled. Create it again to keep watching.',
    ],
    [{ status: 'cancelled' }, null, null],
    [{ status: 'triggered', cancelReason: 'expired' }, null, null],
  ])('%o: row %s, details %s', (patch, row, details) => {
    expect(previousReason(alert(patch))).toBe(row);
    expect(cancelReasonText(alert(patch), UTC)).toBe(details);
  });
});

describe('expiryText', () => {
  it.each([
    ['this year', Date.UTC(2026, 5, 30, 21, 59), 'Jun 30, 21:59'],
    ['another year', Date.UTC(2027, 5, 30, 21, 59), 'Jun 30, 21:59, 2027'],
  ])('%s', (_label, at, text) => {
    expect(expiryText(at, UTC, new Date(Date.UTC(2026, 10, 23)))).toBe(text);
  });
});

describe('modelDetails: the sheet rows', () => {
  it.each<[string, Partial<Alert>, [string, string][]]>([
    ['an alert with none of the new fields: none, as the spec shows it', {}, []],
    [
      'a bid alert expiring',
      { priceSide: 'bid', expiresAt: MARCH_5 },
      [
        ['Judged on', 'Bid'],
        ['Expires', 'Mar 5, 14:07'],
      ],
    ],
    [
      'an every-time alert with the defaults, not fired yet',
      { repeat: 'every', priceSide: 'mid' },
      [
        ['Judged on', 'Mid'],
        ['Repeat', 'Every time'],
        ['Cooldown', '15 min'],
        ['Re-arm distance', '0.1%'],
        ['Fired', 'Not yet'],
      ],
    ],
    [
      'an every-time alert that fired three times',
      {
        repeat: 'every',
        cooldownMinutes: 60,
        rearmPercent: 0.25,
        fireCount: 3,
        lastFiredAt: MARCH_5,
        lastFiredPrice: 1.08512,
        status: 'paused',
      },
      [
        ['Repeat', 'Every time'],
        ['Cooldown', '1 hour'],
        ['Re-arm distance', '0.25%'],
        ['Fired', '3 times'],
        ['Last fired', 'Mar 5, 14:07'],
        ['Last firing price', '1.08512'],
      ],
    ],
    [
      'once fired, without a recorded price',
      { repeat: 'every', fireCount: 1, lastFiredAt: MARCH_5 },
      [
        ['Repeat', 'Every time'],
        ['Cooldown', '15 min'],
        ['Re-arm distance', '0.1%'],
        ['Fired', '1 time'],
        ['Last fired', 'Mar 5, 14:07'],
      ],
    ],
    [
      'an expired alert: no Expires row (its reason says it)',
      { status: 'cancelled', cancelReason: 'expired', expiresAt: MARCH_5 },
      [],
    ],
  ])('%s', (_, patch, rows) => {
    expect(modelDetails(alert(patch), UTC, new Date(MARCH_5))).toEqual(rows);
  });
});
