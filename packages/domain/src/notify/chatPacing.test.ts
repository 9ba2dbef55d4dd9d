import { describe, expect, it } from 'vitest';
import { DISCORD_RATES, Pacer, TELEGRAM_RATES, cellSlot, telegramChatRate } from './chatPacing.ts';

describe('cellSlot', () => {
  const rate = { interval: 1_000, burst: 3 };
  it.each([
    ['nothing lately: now', undefined, 5_000, { at: 5_000, tat: 6_000 }],
    ['within the burst: now', 7_000, 5_000, { at: 5_000, tat: 8_000 }],
    ['the burst spent: one interval on', 8_000, 5_000, { at: 6_000, tat: 9_000 }],
    ['long recovered: now', 1_000, 5_000, { at: 5_000, tat: 6_000 }],
  ])('%s', (_label, tat, now, slot) => {
    expect(cellSlot(tat, now, rate)).toEqual(slot);
  });
});

describe('Pacer', () => {
  it('sends to one person once a second, and to another at once', () => {
    const pacer = new Pacer(TELEGRAM_RATES.overall);
    const chat = telegramChatRate(42);
    expect([0, 0, 0].map(() => pacer.reserve('42', chat, 0, 5_000).at)).toEqual([0, 1_000, 2_000]);
    expect(pacer.reserve('43', chat, 0, 5_000)).toEqual({ at: 0, taken: true });
  });

  it('spaces a group three seconds apart (20 a minute)', () => {
    const pacer = new Pacer(TELEGRAM_RATES.overall);
    const group = telegramChatRate(-100123);
    expect([0, 0].map(() => pacer.reserve('-100123', group, 0, 5_000).at)).toEqual([0, 3_000]);
  });

  it('lets 30 chats go at once, then one every 1/30 s', () => {
    const pacer = new Pacer(TELEGRAM_RATES.overall);
    const at = Array.from({ length: 32 }, (_, n) => pacer.reserve(String(n), TELEGRAM_RATES.chat, 0, 5_000).at);
    expect(Math.max(...at.slice(0, 30))).toBeCloseTo(0);
    expect(at[30]).toBeCloseTo(1_000 / 30);
    expect(at[31]).toBeCloseTo(2_000 / 30);
  });

  it('takes no slot further off than the wait allowed, so a later try finds it free', () => {
    const pacer = new Pacer(DISCORD_RATES.overall);
    const hook = DISCORD_RATES.webhook;
    for (let n = 0; n < 5; n += 1) expect(pacer.reserve('w', hook, 0, 0)).toEqual({ at: 0, taken: true });
    expect(pacer.reserve('w', hook, 0, 100)).toEqual({ at: 400, taken: false });
    expect(pacer.reserve('w', hook, 400, 0)).toEqual({ at: 400, taken: true });
  });

  it('goes at the later of its own slot and the overall one', () => {
    const pacer = new Pacer({ interval: 500, burst: 1 });
    expect(pacer.reserve('a', { interval: 100, burst: 1 }, 0, 5_000).at).toBe(0);
    expect(pacer.reserve('b', { interval: 100, burst: 1 }, 0, 5_000).at).toBe(500);
    expect(pacer.reserve('b', { interval: 100, burst: 1 }, 0, 5_000).at).toBe(1_000);
  });
});
