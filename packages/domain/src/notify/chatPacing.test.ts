import { describe, expect, it } from 'vitest';
import { DISCORD_RATES, Pacer, TELEGRAM_RATES, cellSlot, type Rate } from './chatPacing.ts';

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
  /**
   * Sends as many senders make them at once: each asks at time 0, and when told to, asks again at the time
   * it was given; the asks are taken in time order. Answers each send's time, in the order of `keys`.
   */
  function sendAll(pacer: Pacer, keys: readonly string[], rate: Rate = TELEGRAM_RATES.chat): number[] {
    const sent: number[] = [];
    let asks = keys.map((key, n) => ({ key, n, at: 0 }));
    while (asks.length) {
      const [ask, ...rest] = asks;
      if (!ask) break;
      const slot = pacer.reserve(ask.key, rate, ask.at, 60_000);
      if (slot.taken) sent[ask.n] = slot.at;
      asks = slot.taken ? rest : [...rest, { ...ask, at: slot.at }].sort((a, b) => a.at - b.at || a.n - b.n);
    }
    return sent;
  }

  it('sends to one person about once a second, and to another 35 ms on', () => {
    const pacer = new Pacer(TELEGRAM_RATES.overall);
    expect(sendAll(pacer, ['42', '42', '42'])).toEqual([0, 1_050, 2_100]);
    expect(pacer.reserve('43', TELEGRAM_RATES.chat, 2_100, 5_000)).toEqual({ at: 2_135, taken: true });
  });

  it('tells a chat that is not ready when to ask again, taking nothing meanwhile', () => {
    const pacer = new Pacer(TELEGRAM_RATES.overall);
    pacer.reserve('42', TELEGRAM_RATES.chat, 0, 5_000);
    expect(pacer.reserve('42', TELEGRAM_RATES.chat, 0, 5_000)).toEqual({ at: 1_050, taken: false });
    expect(pacer.reserve('43', TELEGRAM_RATES.chat, 0, 5_000)).toEqual({ at: 35, taken: true });
  });

  it.each([
    ['a chat each', Array.from({ length: 100 }, (_, n) => String(n))],
    ['one chat twice, then 29 others', ['a', 'a', ...Array.from({ length: 29 }, (_, n) => String(n))]],
    ['chats coming back', Array.from({ length: 120 }, (_, n) => String(n % 7))],
  ])('never sends 30 in a second: %s', (_label, keys) => {
    const at = sendAll(new Pacer(TELEGRAM_RATES.overall), keys).sort((a, b) => a - b);
    const inAnySecond = Math.max(...at.map((t) => at.filter((u) => u >= t && u < t + 1_000).length));
    expect(inAnySecond).toBeLessThan(30);
    expect(new Set(at).size).toBe(at.length);
  });

  it('takes no slot further off than the wait allowed, so a later try finds it free', () => {
    const pacer = new Pacer(DISCORD_RATES.overall);
    const hook = DISCORD_RATES.webhook;
    expect(pacer.reserve('w', hook, 0, 0)).toEqual({ at: 0, taken: true });
    expect(pacer.reserve('v', hook, 0, 10)).toEqual({ at: 21, taken: false });
    expect(pacer.reserve('v', hook, 21, 0)).toEqual({ at: 21, taken: true });
  });

  it('holds back a chat, or every send, until a 429’s time is over', () => {
    const pacer = new Pacer(DISCORD_RATES.overall);
    const hook = DISCORD_RATES.webhook;
    pacer.block('w', hook, 2_000);
    expect(pacer.reserve('w', hook, 0, 5_000)).toEqual({ at: 2_000, taken: false });
    expect(pacer.reserve('v', hook, 0, 5_000)).toEqual({ at: 0, taken: true });
    pacer.block(undefined, hook, 3_000);
    expect(pacer.reserve('u', hook, 0, 5_000)).toEqual({ at: 3_000, taken: true });
  });
});
