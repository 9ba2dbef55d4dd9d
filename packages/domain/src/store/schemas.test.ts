import { describe, expect, it } from 'vitest';
import { MAX_ALERTS_PER_ACCOUNT } from '../common/constants.ts';
import { alertCounterSchema, alertSchema, canCreateAlert, livePriceSchema, profileSchema } from './schemas.ts';
import { MSG_ALERT_LIMIT } from '../copy/messages.ts';

const valid = {
  id: 'a1',
  userId: 'u1',
  currencyPair: 'BTC/USD',
  alertType: 'Price dropping below',
  triggerPrice: 60000,
  status: 'paused',
  notificationPreferences: { email: true, push: true },
  createdAt: { seconds: 1_700_000_000, nanoseconds: 0 },
};

describe('alertSchema', () => {
  it('accepts a stored alert, with or without a confirmed createdAt', () => {
    expect(alertSchema.parse(valid)).toEqual(valid);
    expect(alertSchema.safeParse({ ...valid, createdAt: null }).success).toBe(true);
  });

  it.each([
    ['an unknown pair', { currencyPair: 'DOGE/USD' }],
    ['an unknown type', { alertType: 'Price near' }],
    ['a string price', { triggerPrice: '60000' }],
    ['a zero price', { triggerPrice: 0 }],
    ['an infinite price', { triggerPrice: Number.POSITIVE_INFINITY }],
    ['an unknown status', { status: 'done' }],
    ['extra preference keys', { notificationPreferences: { email: true, push: false, sms: true } }],
    ['no owner', { userId: '' }],
  ])('refuses %s', (_label, patch) => {
    expect(alertSchema.safeParse({ ...valid, ...patch }).success).toBe(false);
  });
});

describe('issue messages', () => {
  // zod/mini has no locale of its own (zod.ts gives it English): these are what the logs and the relay say.
  it.each([
    ['a missing field', { userId: undefined }, 'Invalid input: expected string, received undefined'],
    ['a price of zero', { triggerPrice: 0 }, 'Too small: expected number to be >0'],
    ['a note too long', { note: 'x'.repeat(141) }, 'Too big: expected string to have <=140 characters'],
    ['an unknown pair', { currencyPair: 'DOGE/USD' }, 'Invalid option: expected one of'],
  ])('%s', (_, change, message) => {
    const said = alertSchema.safeParse({ ...valid, ...change }).error?.issues[0]?.message;
    expect(said?.slice(0, message.length)).toBe(message);
  });
});

describe('profileSchema', () => {
  it.each([0, 7, 2.5])('refuses avatarId %d', (avatarId) => {
    expect(profileSchema.safeParse({ avatarId }).success).toBe(false);
  });

  it('accepts the spec fields', () => {
    const profile = {
      fullName: 'Demo Trader',
      avatarUrl: '/avatars/3.svg',
      avatarId: 3,
      hasSetAvatar: true,
      pwaPromptDismissed: false,
      notificationsEnabled: false,
    };
    expect(profileSchema.parse(profile)).toEqual(profile);
  });
});

describe('livePriceSchema', () => {
  it('needs finite ask, bid and timestamp', () => {
    expect(livePriceSchema.safeParse({ ask: 1.1, bid: 1.09, timestamp: 1 }).success).toBe(true);
    expect(livePriceSchema.safeParse({ ask: Number.NaN, bid: 1.09, timestamp: 1 }).success).toBe(false);
  });
});

describe('timestampLikeSchema', () => {
  it('keeps a Timestamp-like object as the same instance', () => {
    class FakeTimestamp {
      seconds = 1;
      nanoseconds = 0;
      toDate() {
        return new Date(1000);
      }
    }
    const ts = new FakeTimestamp();
    expect(alertSchema.parse({ ...valid, createdAt: ts }).createdAt).toBe(ts);
  });
});

describe('alert caps', () => {
  it.each([
    [0, true],
    [199, true],
    [200, false],
    [250, false],
  ])('an account holding %d alerts may create another: %s', (count, allowed) => {
    expect(canCreateAlert(count)).toBe(allowed);
  });
  it('states the limit the constant sets', () => {
    expect(MSG_ALERT_LIMIT).toBe('You have reached the limit of 200 alerts. Delete some to add more.');
    expect(MSG_ALERT_LIMIT).toContain(String(MAX_ALERTS_PER_ACCOUNT));
  });
  it.each([
    [{ count: 3, lastAlertId: 'a1' }, true],
    [{ count: -1, lastAlertId: 'a1' }, false],
    [{ count: 1.5, lastAlertId: 'a1' }, false],
    [{ count: 1 }, false],
  ])('reads the alert counter %j: %s', (doc, valid) => {
    expect(alertCounterSchema.safeParse(doc).success).toBe(valid);
  });
});
