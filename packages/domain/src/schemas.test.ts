import { describe, expect, it } from 'vitest';
import { alertSchema, livePriceSchema, profileSchema } from './schemas.ts';

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
