// What a webhook receives, read by a receiver's own schema: the move it fired on, as the app words it.
import { webhookPayloadSchema, type Delivery } from '@price-alerts/domain/notify';
import { describe, expect, it } from 'vitest';
import { webhookPayload } from './payload';

const FIRED_AT = Date.parse('2026-11-27T14:05:00Z');
const push = { notification: { title: 'EUR/USD up 0.80% in 5 min', body: '1.08000 to 1.08868' }, data: {} };

function moveDelivery(percent: number | undefined): Delivery {
  return {
    userId: 'u1',
    alertId: 'a1',
    currencyPair: 'EUR/USD',
    alertType: 'Moving up %',
    move: { movePercent: 0.5, lookbackMinutes: 5, ...(percent === undefined ? {} : { percent, from: 1.08 }) },
    triggeredAt: new Date(FIRED_AT),
    triggeredPrice: 1.08868,
    channels: { webhook: { state: 'pending', attempts: 0 } },
  };
}

describe('a move alert’s webhook payload', () => {
  it.each([
    ['a long fraction, to the hundredth', 0.8039982616253827, 0.8],
    ['a half up', 1.235, 1.24],
    ['a fall', -2.4449, -2.44],
    ['a fall of an exact half, as the app rounds it', -0.125, -0.13],
    ['no move recorded', undefined, null],
  ])('says the move as the app does: %s', (_name, percent, moved) => {
    const payload = webhookPayloadSchema.parse(
      webhookPayload('d1', moveDelivery(percent), push, 'https://app.example', undefined),
    );
    expect(payload.move).toEqual({
      percent: 0.5,
      lookbackMinutes: 5,
      moved,
      from: percent === undefined ? null : 1.08,
    });
  });
});
