import { describe, expect, it } from 'vitest';
import type { CurrencyPair, MoveRead } from '../common/constants.ts';
import type { Alert, MoveAlert } from '../store/appAlerts.ts';
import type { SeedPoint } from '../prices/moves.ts';
import {
  conditionDetail,
  conditionLabel,
  conditionText,
  firedMoveSentence,
  rowConditionText,
  rowTypeText,
  firedMoveText,
  moveReferenceText,
  moveSoFar,
  moveWarning,
  shapeOfRead,
} from './moveDisplay.ts';
import type { MoveCondition, MoveShape } from './moveRules.ts';

const utc = (iso: string) => Date.parse(`${iso}Z`);
const base = {
  id: 'a1',
  userId: 'u1',
  currencyPair: 'EUR/USD' as const,
  status: 'active' as const,
  notificationPreferences: { email: true, push: false },
};
const move = (patch: Partial<MoveAlert> = {}): MoveAlert => ({
  ...base,
  alertType: 'Moving up %',
  movePercent: 1.5,
  lookbackMinutes: 15,
  moveRead: 'up:15',
  ...patch,
});

describe('the condition where the spec shows the trigger price', () => {
  it.each<[string, Alert, string, string, string]>([
    [
      'a level',
      { ...base, alertType: 'Price rising above', triggerPrice: 1.0851 },
      '1.08510',
      'Trigger price',
      '1.08510',
    ],
    ['a rise in 15 min', move(), 'Up 1.5% in 15 min', 'Trigger', 'Up 1.5% in 15 min'],
    [
      'a fall in 24 h',
      move({ alertType: 'Moving down %', lookbackMinutes: 1440, moveRead: 'down:1440', movePercent: 2 }),
      'Down 2% in 24 h',
      'Trigger',
      'Down 2% in 24 h',
    ],
    [
      'a day’s change down',
      move({ alertType: 'Change on the day', lookbackMinutes: undefined, direction: 'down', moveRead: 'down:day' }),
      'Down 1.5% on the day',
      'Trigger',
      'Down 1.5% on the day',
    ],
    [
      'a type this version does not know',
      { ...base, alertType: 'Volume spike' },
      '—',
      'Trigger',
      'Update the app to see this alert’s condition.',
    ],
  ])('%s', (_label, alert, row, label, detail) => {
    expect([conditionText(alert), conditionLabel(alert), conditionDetail(alert)]).toEqual([row, label, detail]);
  });
});

describe('the row’s type and condition columns', () => {
  it.each<[string, Alert, string, string]>([
    ['a level', { ...base, alertType: 'Price reaching', triggerPrice: 1.0851 }, 'Price reaching', '1.08510'],
    ['a rise in 15 min', move(), 'Moving up % · 15 min', '+1.5%'],
    [
      'a fall in 1 h',
      move({ alertType: 'Moving down %', lookbackMinutes: 60, moveRead: 'down:60', movePercent: 0.255 }),
      'Moving down % · 1 h',
      '−0.26%',
    ],
    [
      'a day’s change down',
      move({ alertType: 'Change on the day', lookbackMinutes: undefined, direction: 'down', moveRead: 'down:day' }),
      'Change on the day',
      '−1.5%',
    ],
    ['an unknown type', { ...base, alertType: 'Volume spike' }, 'Volume spike', '—'],
  ])('%s', (_label, alert, type, condition) => {
    expect([rowTypeText(alert), rowConditionText(alert)]).toEqual([type, condition]);
  });
});

describe('what a move is measured from', () => {
  it.each<[CurrencyPair, MoveShape, string]>([
    ['EUR/USD', { alertType: 'Moving up %', lookbackMinutes: 5 }, 'The lowest price of the last 5 min'],
    ['EUR/USD', { alertType: 'Moving down %', lookbackMinutes: 60 }, 'The highest price of the last 1 h'],
    ['XAU/USD', { alertType: 'Change on the day', direction: 'up' }, 'The day’s open (17:00 New York)'],
    ['BTC/USD', { alertType: 'Change on the day', direction: 'down' }, 'The day’s open (00:00 UTC)'],
  ])('%s %j', (pair, shape, words) => {
    expect(moveReferenceText(pair, shape)).toBe(words);
  });

  it.each<[MoveRead, MoveShape]>([
    ['up:5', { alertType: 'Moving up %', lookbackMinutes: 5 }],
    ['down:1440', { alertType: 'Moving down %', lookbackMinutes: 1440 }],
    ['up:day', { alertType: 'Change on the day', direction: 'up' }],
    ['down:day', { alertType: 'Change on the day', direction: 'down' }],
  ])('reads %s back as its shape', (read, shape) => {
    expect(shapeOfRead(read)).toEqual(shape);
  });
});

describe('what a fired move alert did', () => {
  const firedMove = { percent: 1.5201, from: 1.0841, fromAt: utc('2026-11-25T10:00:00') };
  it.each<[string, Partial<MoveAlert>, string | null]>([
    ['not fired yet', {}, null],
    [
      'a once alert, triggered',
      { status: 'triggered', firedMove, triggeredPrice: 1.10058, triggeredAt: new Date(utc('2026-11-25T10:10:00')) },
      'Up 1.52% in 15 min (1.08410 to 1.10058)',
    ],
    [
      'an every-time alert, still active',
      { repeat: 'every', firedMove, lastFiredPrice: 1.10058, lastFiredAt: utc('2026-11-25T10:10:00') },
      'Up 1.52% in 15 min (1.08410 to 1.10058)',
    ],
    [
      'edited since to a fall in 1 h: it says the rise it fired on',
      {
        alertType: 'Moving down %',
        lookbackMinutes: 60,
        moveRead: 'down:60',
        repeat: 'every',
        firedMove: { ...firedMove, read: 'up:15' },
        lastFiredPrice: 1.10058,
        lastFiredAt: utc('2026-11-25T10:10:00'),
      },
      'Up 1.52% in 15 min (1.08410 to 1.10058)',
    ],
    [
      'across the weekend: measured before Friday’s close, fired in the first hour after the open',
      {
        status: 'triggered',
        firedMove: { ...firedMove, fromAt: utc('2026-11-20T21:50:00') },
        triggeredPrice: 1.10058,
        triggeredAt: new Date(utc('2026-11-22T22:01:00')),
      },
      'Up 1.52% in 15 min (1.08410 to 1.10058, across the weekend)',
    ],
  ])('%s', (_label, patch, words) => {
    expect(firedMoveText(move(patch))).toBe(words);
  });

  it.each<[string, MoveRead | undefined, string]>([
    ['with its read', 'down:60', 'Fired: down 1.52% in 1 h (1.08410 to 1.06762)'],
    ['recorded before events kept their read', undefined, 'Fired: down 1.52% (1.08410 to 1.06762)'],
  ])('the history’s sentence %s', (_label, read, sentence) => {
    const event = {
      at: utc('2026-11-25T10:10:00'),
      price: 1.06762,
      move: { percent: 1.52, from: 1.0841, fromAt: utc('2026-11-25T09:30:00'), ...(read ? { read } : {}) },
    };
    expect(firedMoveSentence('EUR/USD', event)).toBe(sentence);
  });
});

describe('the move so far against the threshold, on the create screen', () => {
  const up15: MoveCondition = { alertType: 'Moving up %', movePercent: 1.5, lookbackMinutes: 15 };
  const down5: MoveCondition = { alertType: 'Moving down %', movePercent: 1, lookbackMinutes: 5 };
  const dayDown: MoveCondition = { alertType: 'Change on the day', movePercent: 2, direction: 'down' };
  const dayUp: MoveCondition = { ...dayDown, direction: 'up' };
  const stored: SeedPoint = { low: 100, lowAt: 0, high: 102, highAt: 0 };
  const open: SeedPoint = { low: 100, lowAt: 0, high: 100, highAt: 0 };

  type Asked = Omit<MoveCondition, 'movePercent'> & { movePercent?: number };
  it.each<[string, Asked, SeedPoint | undefined, number, string | undefined, boolean]>([
    ['a rise from the low', up15, stored, 100.62, 'Up 0.62% in 15 min · fires at 1.50%', false],
    ['a rise at the threshold', up15, stored, 101.5, 'Up 1.50% in 15 min · fires at 1.50%', true],
    ['a price under the stored low is the new low', up15, stored, 99, 'Up 0.00% in 15 min · fires at 1.50%', false],
    ['a fall from the high', down5, stored, 101.49, 'Down 0.50% in 5 min · fires at 1.00%', false],
    ['a fall past the threshold', down5, stored, 100.9, 'Down 1.08% in 5 min · fires at 1.00%', true],
    ['a price over the stored high is the new high', down5, stored, 103, 'Down 0.00% in 5 min · fires at 1.00%', false],
    ['a day up, waiting for a fall', dayDown, open, 100.3, 'Up 0.30% on the day · fires at −2.00%', false],
    ['a day down past a fall of 2%', dayDown, open, 97.9, 'Down 2.10% on the day · fires at −2.00%', true],
    ['a day down, waiting for a rise', dayUp, open, 97.9, 'Down 2.10% on the day · fires at +2.00%', false],
    ['nothing stored yet', up15, undefined, 100, undefined, false],
    ['no threshold typed yet', { ...up15, movePercent: undefined }, stored, 102, 'Up 2.00% in 15 min', false],
    ['no price', up15, stored, Number.NaN, undefined, false],
  ])('%s', (_label, condition, reference, price, line, reached) => {
    const now = moveSoFar(condition, reference, price);
    expect(now?.line).toBe(line);
    expect(now?.reached ?? false).toBe(reached);
  });

  it('warns before saving a move already past the threshold, and only then', () => {
    expect(moveWarning(down5, stored, 100.9)).toBe(
      'The price is already down 1.08% in 5 min: this alert will fire at the next price.',
    );
    expect(moveWarning(down5, stored, 101.5)).toBeNull();
    expect(moveWarning(dayDown, open, 97.9)).toBe(
      'The price is already down 2.10% on the day: this alert will fire at the next price.',
    );
    expect(moveWarning(up15, undefined, 120)).toBeNull();
  });
});
