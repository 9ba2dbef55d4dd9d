import { describe, expect, it } from 'vitest';
import { deliveryId, deliverySchema, initialChannels, pendingChannels, retryDelayMs } from './deliveries.ts';

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
  it('derives one id per firing of an alert', () => {
    expect(deliveryId('u1', 'a1', 1_800_000_000_600)).toBe('u1__a1__1800000000600');
    expect(deliveryId('u1', 'a1', 5)).toBe(deliveryId('u1', 'a1', 5));
    expect(deliveryId('u1', 'a1', 5)).not.toBe(deliveryId('u2', 'a1', 5));
    // The same alert id firing again later (re-created, or a repeating alert) is a new delivery.
    expect(deliveryId('u1', 'a1', 5)).not.toBe(deliveryId('u1', 'a1', 6));
  });

  it('accepts a delivery with per-channel state', () => {
    expect(deliverySchema.safeParse(delivery).success).toBe(true);
  });

  it('reads a delivery without a kind, stored before expiry notices, as a firing', () => {
    const parsed = deliverySchema.parse(delivery);
    expect(parsed.kind).toBeUndefined();
    expect(parsed.kind !== 'expired' && parsed.triggeredPrice).toBe(1.10002);
    expect(deliverySchema.parse({ ...delivery, kind: 'fired', fireCount: 3, priceSide: 'bid' })).toMatchObject({
      kind: 'fired',
      fireCount: 3,
      priceSide: 'bid',
    });
  });

  it('accepts an expiry notice, which no price fired', () => {
    const { triggeredPrice: _price, ...withoutPrice } = delivery;
    expect(deliverySchema.parse({ ...withoutPrice, kind: 'expired', fireCount: 2 })).toMatchObject({
      kind: 'expired',
      fireCount: 2,
    });
  });

  it.each([
    ['an unknown state', { channels: { email: { state: 'done', attempts: 1 } } }],
    ['negative attempts', { channels: { push: { state: 'pending', attempts: -1 } } }],
    ['no triggered price', { triggeredPrice: undefined }],
    ['a firing without its price', { kind: 'fired', triggeredPrice: undefined }],
    ['an unknown kind', { kind: 'snoozed' }],
    ['an expiry notice without its time', { kind: 'expired', triggeredAt: undefined }],
    ['an expiry notice with a price that fired it', { kind: 'expired' }],
  ])('refuses %s', (_label, patch) => {
    expect(deliverySchema.safeParse({ ...delivery, ...patch }).success).toBe(false);
  });
});

describe('delivery retries and channels', () => {
  it.each([
    [1, 2_000],
    [2, 10_000],
    [3, 30_000],
    [7, 3_600_000],
    [20, 3_600_000],
  ])('after %d failures waits %d ms before jitter', (attempts, base) => {
    expect(retryDelayMs(attempts, () => 0)).toBe(base);
    expect(retryDelayMs(attempts, () => 1)).toBe(base * 1.2);
  });

  it.each([
    [{ email: true, push: true }, ['email', 'push']],
    [{ email: true, push: false }, ['email']],
    [{ email: false, push: true }, ['push']],
    [{ email: false, push: false, telegram: true }, ['telegram']],
    [{ email: true, push: true, telegram: true, discord: true }, ['email', 'push', 'telegram', 'discord']],
    [{ email: true, push: false, telegram: false, discord: true }, ['email', 'discord']],
  ])('starts the chosen channels %j as pending', (preferences, channels) => {
    const initial = initialChannels(preferences);
    expect(Object.keys(initial)).toEqual(channels);
    expect(pendingChannels({ channels: initial })).toEqual(channels);
  });

  it('counts only pending channels as open work', () => {
    expect(
      pendingChannels({ channels: { email: { state: 'sent', attempts: 1 }, push: { state: 'pending', attempts: 2 } } }),
    ).toEqual(['push']);
    expect(pendingChannels({ channels: { email: { state: 'failed', attempts: 8 } } })).toEqual([]);
  });
});
