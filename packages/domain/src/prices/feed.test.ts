import { describe, expect, it } from 'vitest';
import {
  HEARTBEAT,
  encodeError,
  encodeSubscribe,
  encodeSubscribed,
  encodeTick,
  parseFeedFrame,
  parseFeedMessage,
  parseSubscribe,
  type FeedSession,
} from './feed.ts';

const session: FeedSession = {
  mapping: { e: 'EURUSD', b: 'BTCUSD' },
  order: ['name', 'ask', 'bid', 'time'],
  startTime: 1_790_000_000_000,
  timeMult: 1000,
  sessionUid: 's-1',
};
const subscribed = encodeSubscribed(session);

describe('parseFeedMessage', () => {
  it('reads the subscription message', () => {
    expect(parseFeedMessage(subscribed, null)).toEqual({ type: 'subscribed', session });
  });

  it.each([
    [
      'a mapped name',
      '1e|1.08512|1.08505|2500',
      { symbol: 'EURUSD', pair: 'EUR/USD', ask: 1.08512, bid: 1.08505, timestamp: 1_790_000_000_002.5 },
    ],
    [
      'a raw symbol',
      '1GBPUSD|1.2651|1.265|0',
      { symbol: 'GBPUSD', pair: 'GBP/USD', ask: 1.2651, bid: 1.265, timestamp: 1_790_000_000_000 },
    ],
    [
      'an unknown symbol',
      '1DOGEUSD|0.1|0.09|1000',
      { symbol: 'DOGEUSD', pair: undefined, ask: 0.1, bid: 0.09, timestamp: 1_790_000_000_001 },
    ],
    [
      'padded fields',
      '1 b | 64000.5 | 63990 | 1000 ',
      { symbol: 'BTCUSD', pair: 'BTC/USD', ask: 64000.5, bid: 63990, timestamp: 1_790_000_000_001 },
    ],
  ])('reads a tick with %s', (_label, raw, tick) => {
    expect(parseFeedMessage(raw, session)).toEqual({ type: 'tick', tick });
  });

  it('follows the order array', () => {
    const reordered = { ...session, order: ['time', 'bid', 'name', 'ask'] };
    expect(parseFeedMessage('11000|1.1|e|1.2', reordered)).toMatchObject({
      tick: { symbol: 'EURUSD', ask: 1.2, bid: 1.1 },
    });
  });

  it.each([
    ['a heartbeat', '2', { type: 'heartbeat' }],
    ['a heartbeat with a payload', '2{"t":1}', { type: 'heartbeat' }],
    ['a type 7 error', '7{"error":"Invalid API key"}', { type: 'error', code: '7', error: 'Invalid API key' }],
    [
      'a type 9 error',
      '9{"error":"Too many connections"}',
      { type: 'error', code: '9', error: 'Too many connections' },
    ],
    ['an error that is not JSON', '9rate limited', { type: 'error', code: '9', error: 'rate limited' }],
    ['an empty error', '7', { type: 'error', code: '7', error: 'Unknown error' }],
  ])('reads %s', (_label, raw, expected) => {
    expect(parseFeedMessage(raw, session)).toEqual(expected);
  });

  it.each([
    ['an unknown type', '5hello', /unknown message type "5"/],
    ['an empty message', '', /unknown message type ""/],
    ['bad JSON in type 0', '0{mapping:', /bad subscription message/],
    [
      'type 0 without order',
      '0{"mapping":{},"start_time":1,"time_mult":1,"session_uid":"x"}',
      /bad subscription message/,
    ],
    [
      'type 0 with a zero time_mult',
      `0${JSON.stringify({ mapping: {}, order: ['name', 'ask', 'bid', 'time'], start_time: 1, time_mult: 0, session_uid: 'x' })}`,
      /bad subscription/,
    ],
    ['too few fields', '1e|1.1|1.0', /3 fields, expected 4/],
    ['too many fields', '1e|1.1|1.0|5|9', /5 fields, expected 4/],
    ['a non-numeric ask', '1e|abc|1.0|5', /ask is not a number: abc/],
    ['a hex bid', '1e|1.1|0x10|5', /bid is not a number/],
    ['an empty time', '1e|1.1|1.0|', /time is not a number/],
    ['an infinite ask', '1e|Infinity|1.0|5', /ask is not a number/],
    ['a zero price', '1e|0|1.0|5', /not positive/],
    ['no name', '1|1.1|1.0|5', /no name/],
  ])('refuses %s with a reason', (_label, raw, reason) => {
    const result = parseFeedMessage(raw, session);
    expect(result.type).toBe('invalid');
    expect(result.type === 'invalid' && result.reason).toMatch(reason);
  });

  it('refuses a tick before the subscription message', () => {
    expect(parseFeedMessage('1e|1.1|1.0|5', null)).toMatchObject({
      type: 'invalid',
      reason: /before the subscription/,
    });
  });

  it('never throws, whatever arrives', () => {
    for (const raw of ['0', '0null', '0[]', '1', '1||||', '7{', '9"x"', '\u0000', '1e|1e400|1|1']) {
      expect(() => parseFeedMessage(raw, session)).not.toThrow();
    }
  });
});

describe('parseFeedFrame', () => {
  it('splits concatenated messages and applies a subscription to the ticks after it', () => {
    const frame = [subscribed, '1e|1.1|1.0|0', HEARTBEAT, '', '1b|64000|63990|0'].join('\n');
    expect(parseFeedFrame(frame, null).map((r) => r.type)).toEqual(['subscribed', 'tick', 'heartbeat', 'tick']);
  });

  it('accepts CRLF and keeps going past a bad line', () => {
    expect(parseFeedFrame('1e|1.1|1.0|0\r\n1e|x|1.0|0\r\n1e|1.2|1.1|0', session).map((r) => r.type)).toEqual([
      'tick',
      'invalid',
      'tick',
    ]);
  });
});

describe('encoders', () => {
  it('round-trips a tick through the session', () => {
    const raw = encodeTick(session, 'e', 1.08512, 1.08505, session.startTime + 1234.5);
    expect(raw).toBe('1e|1.08512|1.08505|1234500');
    expect(parseFeedMessage(raw, session)).toMatchObject({
      tick: { ask: 1.08512, timestamp: session.startTime + 1234.5 },
    });
  });

  it('subscribes with symbols without the slash', () => {
    expect(encodeSubscribe(['EUR/USD', 'XAU/USD'])).toBe('{"pairs":["EURUSD","XAUUSD"]}');
  });

  it('encodes errors the way they are parsed', () => {
    expect(parseFeedMessage(encodeError('9', 'Invalid API key'), null)).toEqual({
      type: 'error',
      code: '9',
      error: 'Invalid API key',
    });
  });
});

describe('parseSubscribe', () => {
  it.each([
    ['{"pairs":["EURUSD","BTCUSD","EURUSD"]}', { ok: true, pairs: ['EUR/USD', 'BTC/USD'], unknown: [] }],
    ['{"pairs":["EURUSD","DOGEUSD"]}', { ok: true, pairs: ['EUR/USD'], unknown: ['DOGEUSD'] }],
    ['{"pairs":"EURUSD"}', { ok: false, reason: 'expected {"pairs": ["EURUSD", ...]}' }],
    ['{"pairs":[],"extra":1}', { ok: false, reason: 'expected {"pairs": ["EURUSD", ...]}' }],
    ['not json', { ok: false, reason: 'expected {"pairs": ["EURUSD", ...]}' }],
    [JSON.stringify({ pairs: Array(65).fill('EURUSD') }), { ok: false, reason: 'at most 64 pairs per subscription' }],
    [JSON.stringify({ pairs: Array(64).fill('EURUSD') }), { ok: true, pairs: ['EUR/USD'], unknown: [] }],
    ['{"pairs":["EURUSD",5]}', { ok: false, reason: 'expected {"pairs": ["EURUSD", ...]}' }],
  ])('%s', (raw, expected) => {
    expect(parseSubscribe(raw)).toEqual(expected);
  });
});
