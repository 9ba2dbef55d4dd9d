import { describe, expect, it } from 'vitest';
import type { FiredAlert } from './alertMessages.ts';
import { discordAlertEmbed, discordPushEmbed, discordWebhookId, discordWebhookUrl } from './discord.ts';

const ID = '123456789012345678';
const TOKEN = 'Ab_-'.repeat(17);

describe('discordWebhookUrl', () => {
  it.each([
    [`https://discord.com/api/webhooks/${ID}/${TOKEN}`, `https://discord.com/api/webhooks/${ID}/${TOKEN}`],
    [` https://discordapp.com/api/webhooks/${ID}/${TOKEN}/ `, `https://discordapp.com/api/webhooks/${ID}/${TOKEN}`],
    [
      `https://canary.discord.com/api/v10/webhooks/${ID}/${TOKEN}`,
      `https://canary.discord.com/api/webhooks/${ID}/${TOKEN}`,
    ],
    [`https://ptb.discord.com/api/webhooks/${ID}/${TOKEN}`, `https://ptb.discord.com/api/webhooks/${ID}/${TOKEN}`],
    [`http://discord.com/api/webhooks/${ID}/${TOKEN}`, undefined],
    [`https://discord.com:8443/api/webhooks/${ID}/${TOKEN}`, undefined],
    [`https://user@discord.com/api/webhooks/${ID}/${TOKEN}`, undefined],
    [`https://discord.com/api/webhooks/${ID}/${TOKEN}?wait=true`, undefined],
    [`https://discord.com/api/webhooks/${ID}/${TOKEN}#x`, undefined],
    [`https://discord.com.evil.test/api/webhooks/${ID}/${TOKEN}`, undefined],
    [`https://evil.test/api/webhooks/${ID}/${TOKEN}`, undefined],
    [`https://discord.com/api/webhooks/${ID}`, undefined],
    [`https://discord.com/api/webhooks/abc/${TOKEN}`, undefined],
    [`https://discord.com/api/webhooks/${ID}/${TOKEN}/slack`, undefined],
    [`https://discord.com/api/webhooks/${ID}/short`, undefined],
    ['not a url', undefined],
  ])('%s is %s', (input, url) => {
    expect(discordWebhookUrl(input)).toBe(url);
  });

  const LOCAL = 'http://127.0.0.1:8098';
  it.each([
    [`${LOCAL}/api/webhooks/${ID}/${TOKEN}`, `${LOCAL}/api/webhooks/${ID}/${TOKEN}`],
    [`${LOCAL}/api/v10/webhooks/${ID}/${TOKEN}/`, `${LOCAL}/api/webhooks/${ID}/${TOKEN}`],
    [`https://discord.com/api/webhooks/${ID}/${TOKEN}`, `https://discord.com/api/webhooks/${ID}/${TOKEN}`],
    [`http://127.0.0.1:8099/api/webhooks/${ID}/${TOKEN}`, undefined],
    [`http://localhost:8098/api/webhooks/${ID}/${TOKEN}`, undefined],
    [`${LOCAL}/api/webhooks/${ID}`, undefined],
    [`${LOCAL}/api/webhooks/${ID}/${TOKEN}?wait=true`, undefined],
  ])('with the local stand-in, %s is %s', (input, url) => {
    expect(discordWebhookUrl(input, LOCAL)).toBe(url);
  });

  it('reads the webhook id of a URL it returned', () => {
    expect(discordWebhookId(`https://discord.com/api/webhooks/${ID}/${TOKEN}`)).toBe(ID);
    expect(discordWebhookId(`http://127.0.0.1:8098/api/webhooks/${ID}/${TOKEN}`)).toBe(ID);
  });
});

describe('discordAlertEmbed', () => {
  const fired: FiredAlert = {
    alertId: 'a1',
    currencyPair: 'XAU/USD',
    alertType: 'Price dropping below',
    triggerPrice: 2400,
    triggeredPrice: 2399.5,
    triggeredAt: new Date(Date.UTC(2026, 10, 22, 14, 5, 30)),
    note: 'n'.repeat(140),
    fireCount: 3,
  };

  it('names the condition, the price, the time in the user’s zone, how often it fired and the note', () => {
    expect(discordAlertEmbed(fired, 'UTC', 'https://app.example/dashboard?alert=a1')).toEqual({
      title: 'XAU/USD: Price dropping below 2,400.00',
      description: 'Now 2,399.50 (ask)',
      url: 'https://app.example/dashboard?alert=a1',
      fields: [
        { name: 'Time', value: 'Nov 22, 14:05 UTC', inline: true },
        { name: 'Times fired', value: '3', inline: true },
        { name: 'Note', value: 'n'.repeat(140) },
      ],
      footer: { text: 'Times are in UTC.' },
      timestamp: '2026-11-22T14:05:30.000Z',
    });
  });
});

describe('discordPushEmbed', () => {
  it('tells a notice by its title and body, with the zone in the footer', () => {
    const at = new Date(Date.UTC(2026, 10, 22, 14, 5));
    expect(
      discordPushEmbed(
        { title: 'Alert expired', body: 'EUR/USD Price rising above 1.10000' },
        'https://a.example/d',
        'UTC',
        at,
      ),
    ).toEqual({
      title: 'Alert expired',
      description: 'EUR/USD Price rising above 1.10000',
      url: 'https://a.example/d',
      fields: [],
      footer: { text: 'Times are in UTC.' },
      timestamp: '2026-11-22T14:05:00.000Z',
    });
  });
});
