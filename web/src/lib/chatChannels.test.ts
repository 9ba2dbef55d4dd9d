import { describe, expect, it } from 'vitest';
import { telegramOpenUrl } from './chatChannels';

const LINK = 'https://t.me/PriceAlertsBot?start=abcdefghijklmnopqrstuvwxyz012345';

describe('telegramOpenUrl', () => {
  it.each([
    ['the bot’s own link, outside the emulators', LINK, undefined, LINK],
    [
      'the stand-in’s page with the code, on the emulators',
      LINK,
      'http://127.0.0.1:8097',
      'http://127.0.0.1:8097/?start=abcdefghijklmnopqrstuvwxyz012345',
    ],
    [
      'a link without a code as it is',
      'https://t.me/PriceAlertsBot',
      'http://127.0.0.1:8097',
      'https://t.me/PriceAlertsBot',
    ],
  ])('opens %s', (_label, link, standIn, url) => {
    expect(telegramOpenUrl(link, standIn)).toBe(url);
  });
});
