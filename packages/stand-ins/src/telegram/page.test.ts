import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, control, resultOf, sendButtons, startChat } from './testKit.ts';
import { TelegramStandIn } from './telegramStandIn.ts';

let clock = Date.UTC(2026, 0, 5, 12);
let t: TelegramStandIn;
beforeAll(async () => {
  t = await TelegramStandIn.start({
    username: 'TestAlertsBot',
    perChat: { perSecond: 1, burst: 2 },
    overall: { perSecond: 4, burst: 4 },
    now: () => clock,
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  clock += 60_000;
  await control(t, 'reset', {});
});

const page = async (path = '/') => (await fetch(`${t.url}${path}`)).text();
const postForm = (route: string, fields: Record<string, string>) =>
  fetch(`${t.url}/control/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });

describe('rate limits', () => {
  it('answers 429 with retry_after past a chat’s burst, and takes the message once the second has passed', async () => {
    const chat_id = await startChat(t);
    const send = () => callApi(t, 'sendMessage', { chat_id, text: 'x' });
    expect([(await send()).status, (await send()).status]).toEqual([200, 200]);
    expect(await send()).toEqual({
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 1',
        parameters: { retry_after: 1 },
      },
    });
    clock += 1_000;
    expect((await send()).status).toBe(200);
  });

  it('answers 429 past the bot’s overall rate, whichever chat it sends to', async () => {
    const chats = [await startChat(t), await startChat(t), await startChat(t)];
    const statuses = [];
    for (const chat_id of [...chats, ...chats])
      statuses.push((await callApi(t, 'sendMessage', { chat_id, text: 'x' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('counts nothing it refuses', async () => {
    const chat_id = await startChat(t);
    for (let i = 0; i < 3; i++)
      expect((await callApi(t, 'sendMessage', { chat_id, text: '<b>', parse_mode: 'HTML' })).status).toBe(400);
    expect((await callApi(t, 'sendMessage', { chat_id, text: 'ok' })).status).toBe(200);
  });
});

describe('the page', () => {
  const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>';

  it('shows the bot’s HTML with its own tags only, and escapes every hostile text', async () => {
    const chat_id = await startChat(t, 'code_1', { first_name: '<b>Eve</b>' });
    await control(t, 'text', { chat_id, text: hostile });
    await resultOf(t, 'sendMessage', { chat_id, text: hostile });
    await resultOf(t, 'sendMessage', {
      chat_id,
      text: '<b>&lt;script&gt;</b> <a href="javascript:alert(3)">j</a>',
      parse_mode: 'HTML',
      reply_markup: {
        inline_keyboard: [
          [
            { text: '"><script>', callback_data: '"><x>' },
            { text: 'u', url: 'https://example.test/?a="b"' },
          ],
        ],
      },
    });
    const html = await page();
    expect(html).not.toMatch(/<script|<img|javascript:|"><x>/i);
    expect(html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('<b>&lt;script&gt;</b> <span class="link">j</span>');
    expect(html).toContain(
      '<input type="hidden" name="data" value="&quot;&gt;&lt;x&gt;"><button>&quot;&gt;&lt;script&gt;</button>',
    );
    expect(html).toContain('href="https://example.test/?a=&quot;b&quot;"');
    expect(await page(`/?error=${encodeURIComponent(hostile)}`)).toContain(`role="alert">&lt;script&gt;`);
  });

  it('drives the chats from its forms: Start from a link, write, tap, block', async () => {
    const start = await postForm('start', { link: 'https://t.me/TestAlertsBot?start=code_9', first_name: 'Ada' });
    expect([start.status, start.headers.get('location')]).toEqual([303, '/']);
    const [chat] = (await control<{ id: number; messages: { text: string }[] }[]>(t, 'chats')).body;
    const chat_id = String(chat?.id);
    expect(chat?.messages.map((m) => m.text)).toEqual(['/start code_9']);
    const message_id = await sendButtons(t, chat_id, 'Fired', 'd');
    await postForm('text', { chat_id, text: '/stop' });
    await postForm('tap', { chat_id, message_id: String(message_id), data: 'd' });
    await postForm('block', { chat_id, blocked: 'true' });
    const html = await page();
    expect(html).toContain('<title>Local Telegram (1)</title>');
    expect(html).toContain('Ada · has blocked the bot');
    expect(html).toMatch(/\/start code_9[\s\S]*Fired[\s\S]*Do d[\s\S]*\/stop/);
    expect(html).toContain('Unblock the bot');
    const refused = await postForm('text', { chat_id, text: 'hi' });
    expect(refused.headers.get('location')).toBe(
      `/?error=${encodeURIComponent(`Chat ${chat_id} has blocked the bot: unblock it or press Start`)}`,
    );
  });

  it('shows a tap’s answer under its message', async () => {
    const chat_id = await startChat(t);
    const message_id = await sendButtons(t, chat_id, 'x', 'd');
    const { body } = await control<{ callback_query_id: string }>(t, 'tap', {
      chat_id,
      message_id,
      data: 'd',
    });
    await resultOf(t, 'answerCallbackQuery', { callback_query_id: body.callback_query_id, text: 'Snoozed <1h>' });
    expect(await page()).toContain('Tap answered: Snoozed &lt;1h&gt;');
  });

  it('says so when there is no chat', async () => {
    expect(await page()).toContain('No chats yet.');
  });

  it('fills in the code of a link the app opened here, so Start is one tap', async () => {
    const code = 'abcdefghijklmnopqrstuvwxyz_-0123';
    const html = await page(`/?start=${code}`);
    expect(html).toContain('The app sent you here to connect: press Start.');
    expect(html).toContain(`value="${code}"`);
  });

  it('fills in nothing that is not a start parameter', async () => {
    const html = await page(`/?start=${encodeURIComponent('"><script>x</script>')}`);
    expect(html).not.toContain('The app sent you here');
    expect(html).not.toContain('<script>x');
  });
});
