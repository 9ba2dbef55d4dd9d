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
  it('sends to one person about once a second, and to another 35 ms on', () => {
    const pacer = new Pacer(TELEGRAM_RATES.overall);
    const chat = telegramChatRate(42);
    expect([0, 0, 0].map(() => pacer.reserve('42', chat, 0, 5_000).at)).toEqual([0, 1_050, 2_100]);
    expect(pacer.reserve('43', chat, 0, 5_000)).toEqual({ at: 105, taken: true });
  });

  it('spaces a group three seconds apart (20 a minute)', () => {
    const pacer = new Pacer(TELEGRAM_RATES.overall);
    const group = telegramChatRate(-100123);
    expect([0, 0].map(() => pacer.reserve('-100123', group, 0, 5_000).at)).toEqual([0, 3_150]);
  });

  it('spreads chats one every 35 ms: never more than 30 in any second', () => {
    const pacer = new Pacer(TELEGRAM_RATES.overall);
    const at = Array.from({ length: 100 }, (_, n) => pacer.reserve(String(n), TELEGRAM_RATES.chat, 0, 5_000).at);
    expect(at.slice(0, 3)).toEqual([0, 35, 70]);
    const inAnySecond = Math.max(...at.map((t) => at.filter((u) => u >= t && u < t + 1_000).length));
    expect(inAnySecond).toBeLessThanOrEqual(30);
  });

  it('takes no slot further off than the wait allowed, so a later try finds it free', () => {
    const pacer = new Pacer(DISCORD_RATES.overall);
    const hook = DISCORD_RATES.webhook;
    expect(pacer.reserve('w', hook, 0, 0)).toEqual({ at: 0, taken: true });
    expect(pacer.reserve('w', hook, 0, 100)).toEqual({ at: 420, taken: false });
    expect(pacer.reserve('w', hook, 420, 0)).toEqual({ at: 420, taken: true });
  });

  it('goes at the later of its own slot and the overall one', () => {
    const pacer = new Pacer({ interval: 500, burst: 1 });
    expect(pacer.reserve('a', { interval: 100, burst: 1 }, 0, 5_000).at).toBe(0);
    expect(pacer.reserve('b', { interval: 100, burst: 1 }, 0, 5_000).at).toBe(500);
    expect(pacer.reserve('b', { interval: 100, burst: 1 }, 0, 5_000).at).toBe(1_000);
  });

  it('holds back a chat, or every send, until a 429’s time is over', () => {
    const pacer = new Pacer(DISCORD_RATES.overall);
    const hook = DISCORD_RATES.webhook;
    pacer.block('w', hook, 2_000);
    expect(pacer.reserve('w', hook, 0, 5_000)).toEqual({ at: 2_000, taken: true });
    expect(pacer.reserve('v', hook, 0, 5_000)).toEqual({ at: 21, taken: true });
    pacer.block(undefined, hook, 3_000);
    expect(pacer.reserve('u', hook, 0, 5_000)).toEqual({ at: 3_000, taken: true });
  });
});
