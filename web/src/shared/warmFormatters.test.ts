import { CURRENCY_PAIRS, formatDateTime, formatPrice } from '@price-alerts/domain/common';
import { afterEach, expect, it } from 'vitest';
import { warmFormatters } from './warmFormatters';

const realDateTimeFormat = Intl.DateTimeFormat;
const realNumberFormat = Intl.NumberFormat;
const built: string[] = [];

// Counts every formatter built from here on, by kind.
function countBuilds() {
  const counting = <T extends object>(target: T, kind: string) =>
    new Proxy(target, {
      construct(real, args: unknown[]) {
        built.push(kind);
        return Reflect.construct(real as new (...a: unknown[]) => object, args) as object;
      },
    });
  Intl.DateTimeFormat = counting(realDateTimeFormat, 'date');
  Intl.NumberFormat = counting(realNumberFormat, 'number');
}

afterEach(() => {
  Intl.DateTimeFormat = realDateTimeFormat;
  Intl.NumberFormat = realNumberFormat;
});

it('builds the formatters one per idle moment, so the rows that format later build none', () => {
  countBuilds();
  const queued: (() => void)[] = [];
  warmFormatters((step) => queued.push(step));
  expect(built).toEqual([]);

  queued.shift()?.();
  expect(built).toEqual(['date']);
  while (queued.length) queued.shift()?.();
  // One price formatter per number of decimals (5, 3 and 2).
  expect(built).toEqual(['date', 'number', 'number', 'number']);

  built.length = 0;
  formatDateTime(new Date('2026-11-25T06:00:00Z'));
  for (const pair of CURRENCY_PAIRS) formatPrice(pair, 1.5);
  expect(built).toEqual([]);

  // A second mount (another signed-in screen) schedules nothing more.
  warmFormatters((step) => queued.push(step));
  expect(queued).toEqual([]);
});
