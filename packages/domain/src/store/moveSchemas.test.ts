import { describe, expect, it } from 'vitest';
import { alertDocumentSchema, moveAlertDocumentSchema } from './schemas.ts';

const moving = {
  userId: 'u1',
  currencyPair: 'EUR/USD',
  alertType: 'Moving up %',
  movePercent: 1.5,
  lookbackMinutes: 15,
  moveRead: 'up:15',
  status: 'active',
  notificationPreferences: { email: true, push: false },
};
const day = {
  ...moving,
  alertType: 'Change on the day',
  direction: 'down',
  lookbackMinutes: undefined,
  moveRead: 'down:day',
};

describe('moveAlertDocumentSchema', () => {
  it.each([
    ['a rise in 15 minutes', moving],
    ['a fall in 24 hours', { ...moving, alertType: 'Moving down %', lookbackMinutes: 1440, moveRead: 'down:1440' }],
    ['a change on the day', day],
    ['the largest threshold', { ...moving, movePercent: 50 }],
    ['a small threshold', { ...moving, movePercent: 0.01 }],
  ])('accepts %s', (_label, doc) => {
    expect(moveAlertDocumentSchema.safeParse(doc).success).toBe(true);
  });

  it.each([
    ['a threshold of 0', { ...moving, movePercent: 0 }],
    ['a threshold under a hundredth of a per cent', { ...moving, movePercent: 0.009 }],
    ['a negative threshold', { ...moving, movePercent: -1 }],
    ['a threshold over 50%', { ...moving, movePercent: 50.01 }],
    ['a threshold that is not a number', { ...moving, movePercent: Number.NaN }],
    ['a threshold as text', { ...moving, movePercent: '1.5' }],
    ['an infinite threshold', { ...moving, movePercent: Number.POSITIVE_INFINITY }],
    ['a lookback not offered', { ...moving, lookbackMinutes: 30 }],
    ['a moving alert without a lookback', { ...moving, lookbackMinutes: undefined }],
    ['a moving alert with a direction', { ...moving, direction: 'up' }],
    ['a day alert without a direction', { ...day, direction: undefined }],
    ['a day alert with a lookback', { ...day, lookbackMinutes: 15 }],
    ['an unknown direction', { ...day, direction: 'sideways' }],
    ['a level type', { ...moving, alertType: 'Price rising above' }],
    ['a read of another lookback', { ...moving, moveRead: 'up:60' }],
    ['a read of the other direction', { ...day, moveRead: 'up:day' }],
    ['no read', { ...moving, moveRead: undefined }],
  ])('refuses %s', (_label, doc) => {
    expect(moveAlertDocumentSchema.safeParse(doc).success).toBe(false);
  });

  it('is not a level alert: the level schema refuses it, and a level alert is not a move', () => {
    expect(alertDocumentSchema.safeParse(moving).success).toBe(false);
    const level = { ...moving, alertType: 'Price rising above', triggerPrice: 1.1, movePercent: undefined };
    expect(alertDocumentSchema.safeParse(level).success).toBe(true);
    expect(moveAlertDocumentSchema.safeParse(level).success).toBe(false);
  });
});
