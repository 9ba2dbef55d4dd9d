// The lookup before a webhook is saved or sent, with a resolver standing in for DNS: it answers the
// checked address, refuses a private one, and gives up on a name server that does not answer in time.
import { describe, expect, it } from 'vitest';
import { ForbiddenAddress, type Resolve } from './addresses';
import { WebhookTimeout, checkedInTime } from './post';

const answering =
  (address: string, family = 4): Resolve =>
  async () => [{ address, family }];
const silent: Resolve = () => new Promise(() => undefined);

describe('looking up a webhook host within the time allowed', () => {
  it('answers the checked public address', async () => {
    await expect(checkedInTime('hooks.example.com', false, 1_000, answering('93.184.216.34'))).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('refuses a name that resolves to a private address', async () => {
    await expect(checkedInTime('hooks.example.com', false, 1_000, answering('10.0.0.7'))).rejects.toThrow(
      new ForbiddenAddress('10.0.0.7', 'private'),
    );
  });

  it('gives up with WebhookTimeout when the name server does not answer in time', async () => {
    const lookup = checkedInTime('slow.example.com', false, 50, silent);
    await expect(lookup).rejects.toBeInstanceOf(WebhookTimeout);
    await expect(lookup).rejects.toThrow('no answer within 0.05 s');
  });
});
