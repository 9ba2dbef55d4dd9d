import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordStandIn } from './discordStandIn.ts';
import { execute } from './testClient.ts';

let discord: DiscordStandIn;
beforeAll(async () => {
  discord = await DiscordStandIn.start();
});
afterAll(() => discord.close());

const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&';
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#39;&amp;';
const page = async () => (await fetch(`${discord.url}/`)).text();

describe('Discord stand-in: the page', () => {
  it('lists channels and their webhooks’ URLs, with a form to make one', async () => {
    discord.reset();
    const hook = discord.createWebhook('price-alerts');
    const html = await page();
    expect(html).toContain('<title>Local Discord (0)</title>');
    expect(html).toContain('<h2>#price-alerts</h2>');
    expect(html).toContain(`<code>${hook.url}</code>`);
    expect(html).toContain(`action="/control/webhooks/${hook.id}/delete"`);
    expect(html).toContain('<form class="create" method="post" action="/control/webhooks">');
  });

  it('escapes every text of a message, its channel and its webhook', async () => {
    discord.reset();
    const hook = discord.createWebhook(HOSTILE, HOSTILE);
    const embed = {
      title: HOSTILE,
      description: HOSTILE,
      url: `https://example.test/?q="><script>alert(3)</script>`,
      color: 0xff0000,
      author: { name: HOSTILE },
      fields: [
        { name: HOSTILE, value: HOSTILE, inline: true },
        { name: 'Note', value: HOSTILE },
      ],
      footer: { text: HOSTILE },
      image: { url: 'https://example.test/<b>.png' },
      timestamp: '2026-11-30T12:00:00Z',
    };
    expect((await execute(hook.url, { content: HOSTILE, username: HOSTILE, embeds: [embed] })).status).toBe(204);
    const html = await page();
    expect(html).not.toMatch(/<script>|<img|<b>|onerror=alert\(2\)>/);
    // Channel, webhook, username, content, author, title, description, a field's name, two values, footer.
    expect(html.split(ESCAPED).length - 1).toBe(11);
    expect(html).toContain('href="https://example.test/?q=&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;"');
    expect(html).toContain('style="border-left-color:#ff0000"');
    expect(html).toContain('<div class="field inline"><dt>');
    expect(html).toContain('Image: <code>https://example.test/&lt;b&gt;.png</code>');
    expect(html).toContain(' • 2026-11-30T12:00:00.000+00:00</p>');
    expect(html).toContain('<title>Local Discord (1)</title>');
  });

  it('marks a deleted webhook and offers no URL for it', async () => {
    discord.reset();
    const hook = discord.createWebhook('alerts');
    discord.guild.deleteWebhook(hook.id);
    const html = await page();
    expect(html).toContain(`webhook ${hook.id} (deleted)`);
    expect(html).not.toContain(hook.token);
  });
});
