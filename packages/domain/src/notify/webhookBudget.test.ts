import { describe, expect, it } from 'vitest';
import { WEBHOOK_BUDGET_PER_MINUTE, webhookSlot } from './webhookBudget.ts';

const T0 = Date.UTC(2030, 0, 7, 13, 30);

/** Requests at the given offsets (ms from T0), one after the other; each one's wait (ms). */
function waits(offsets: number[], perMinute = WEBHOOK_BUDGET_PER_MINUTE, tat?: number): number[] {
  let state = tat;
  return offsets.map((offset) => {
    const slot = webhookSlot(state, T0 + offset, perMinute);
    state = slot.tat;
    return slot.at - (T0 + offset);
  });
}

describe('webhookSlot: an account’s webhook requests a minute', () => {
  it.each<[string, number[], number, number[]]>([
    ['the first request goes at once', [0], 60, [0]],
    ['a burst of the whole budget goes at once', Array<number>(60).fill(0), 60, Array<number>(60).fill(0)],
    [
      'the one after a full burst waits one interval',
      Array<number>(61).fill(0),
      60,
      [...Array<number>(60).fill(0), 1_000],
    ],
    [
      'then one an interval, in the order asked',
      Array<number>(63).fill(0),
      60,
      [...Array<number>(60).fill(0), 1_000, 2_000, 3_000],
    ],
    ['a small budget: 2 at once, the third 30 s later', [0, 0, 0, 0], 2, [0, 0, 30_000, 60_000]],
    ['requests spread at the rate never wait', [0, 1_000, 2_000, 3_000], 60, [0, 0, 0, 0]],
    ['a minute of quiet gives the whole burst back', [0, 0, 60_000, 60_000], 2, [0, 0, 0, 0]],
    ['half the interval of quiet gives nothing back yet', [0, 0, 15_000], 2, [0, 0, 15_000]],
  ])('%s', (_name, offsets, perMinute, expected) => {
    expect(waits(offsets, perMinute)).toEqual(expected);
  });

  it('a state from a clock ahead of this one (another instance) only delays, never lets more through', () => {
    // An instance 2 s ahead spent a full burst; this one asks now.
    let tat: number | undefined;
    for (let i = 0; i < 60; i++) tat = webhookSlot(tat, T0 + 2_000).tat;
    const slot = webhookSlot(tat, T0);
    expect(slot.at - T0).toBe(3_000);
  });

  it('slots after a burst are strictly increasing', () => {
    const ats: number[] = [];
    let tat: number | undefined;
    for (let i = 0; i < 200; i++) {
      const slot = webhookSlot(tat, T0 + i * 100);
      tat = slot.tat;
      ats.push(slot.at);
    }
    const later = ats.slice(60);
    expect(later.every((at, i) => i === 0 || at > (later[i - 1] ?? 0))).toBe(true);
    // 200 asked over 20 s: the last goes after (200 - 60) intervals of a second from the start.
    expect((ats.at(-1) ?? 0) - T0).toBe(140_000);
  });
});
