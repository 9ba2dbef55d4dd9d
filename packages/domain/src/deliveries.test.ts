import { describe, expect, it } from 'vitest';
import { deliveryId, deliverySchema } from './deliveries.ts';

const delivery = {
  userId: 'u1',
  alertId: 'a1',
  currencyPair: 'EUR/USD',
  alertType: 'Price reaching',
  triggerPrice: 1.1,
  triggeredPrice: 1.10002,
  triggeredAt: { seconds: 1, nanoseconds: 0 },
  channels: { email: { state: 'pending', attempts: 0 }, push: { state: 'failed', attempts: 3, lastError: '500' } },
};

describe('deliveries', () => {
  it('derives one id per alert', () => {
    expect(deliveryId('u1', 'a1')).toBe('u1__a1');
    expect(deliveryId('u1', 'a1')).toBe(deliveryId('u1', 'a1'));
    expect(deliveryId('u1', 'a1')).not.toBe(deliveryId('u2', 'a1'));
  });

  it('accepts a delivery with per-channel state', () => {
    expect(deliverySchema.safeParse(delivery).success).toBe(true);
  });

  it.each([
    ['an unknown state', { channels: { email: { state: 'done', attempts: 1 } } }],
    ['negative attempts', { channels: { push: { state: 'pending', attempts: -1 } } }],
    ['no triggered price', { triggeredPrice: undefined }],
  ])('refuses %s', (_label, patch) => {
    expect(deliverySchema.safeParse({ ...delivery, ...patch }).success).toBe(false);
  });
});
