import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailSink, type MailSink } from './mailSink.ts';

let sink: MailSink;
beforeAll(async () => {
  sink = await startMailSink();
});
afterAll(() => sink.close());
beforeEach(async () => {
  await fetch(`${sink.url}/api/mails`, { method: 'DELETE' });
});

const request = {
  personalizations: [{ to: [{ email: 'ada@example.test' }] }],
  from: { email: 'alerts@price-alerts.test', name: 'Price Alerts' },
  subject: 'EUR/USD <fired>',
  content: [
    { type: 'text/plain', value: 'Plain & simple' },
    { type: 'text/html', value: '<p>Rich</p>' },
  ],
};
const post = (body: unknown, headers: Record<string, string> = { authorization: 'Bearer SG.key' }) =>
  fetch(`${sink.url}/v3/mail/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('mail sink', () => {
  it('accepts a SendGrid request with 202 and keeps it', async () => {
    const res = await post(request);
    expect(res.status).toBe(202);
    const mails = (await (await fetch(`${sink.url}/api/mails`)).json()) as unknown[];
    expect(mails).toEqual([
      expect.objectContaining({
        id: expect.any(Number),
        to: ['ada@example.test'],
        from: 'Price Alerts <alerts@price-alerts.test>',
        subject: 'EUR/USD <fired>',
        text: 'Plain & simple',
        html: '<p>Rich</p>',
      }),
    ]);
  });

  it.each([
    ['no API key', request, {}, 401, 'authorization grant is invalid'],
    ['a body that is not JSON', '{', undefined, 400, 'expected object'],
    ['no recipient', { ...request, personalizations: [{ to: [] }] }, undefined, 400, 'personalizations.0.to'],
    ['a bad sender address', { ...request, from: { email: 'nope' } }, undefined, 400, 'from.email'],
  ])('refuses %s with SendGrid’s error shape and keeps nothing', async (_l, body, headers, status, text) => {
    const res = await post(body, headers);
    expect(res.status).toBe(status);
    expect(JSON.stringify(await res.json()).toLowerCase()).toContain(text.toLowerCase());
    expect(sink.mails).toEqual([]);
  });

  it('keeps each personalization of a batch as an email of its own, its subject and substitutions made', async () => {
    const batch = {
      personalizations: ['ada', 'bob'].map((name) => ({
        to: [{ email: `${name}@example.test` }],
        subject: `For ${name}`,
        substitutions: { '-body-': `Hello ${name}`, '-html-': `<p>${name}</p>` },
      })),
      from: request.from,
      content: [
        { type: 'text/plain', value: '-body-' },
        { type: 'text/html', value: '-html-' },
      ],
    };
    expect((await post(batch)).status).toBe(202);
    expect(sink.mails.map((m) => [m.to, m.subject, m.text, m.html])).toEqual([
      [['ada@example.test'], 'For ada', 'Hello ada', '<p>ada</p>'],
      [['bob@example.test'], 'For bob', 'Hello bob', '<p>bob</p>'],
    ]);
    expect(await (await fetch(`${sink.url}/health`)).json()).toMatchObject({ received: 2, requests: 1 });
  });

  it.each([
    ['no subject at all', { ...request, subject: undefined }, 'subject'],
    [
      'substitutions past 10,000 bytes',
      {
        ...request,
        personalizations: [{ to: [{ email: 'a@example.test' }], substitutions: { '-x-': 'x'.repeat(10_000) } }],
      },
      'personalizations.0.substitutions',
    ],
    [
      'an empty substitution key',
      { ...request, personalizations: [{ to: [{ email: 'a@example.test' }], substitutions: { '': 'x' } }] },
      // The path ends in the key it refuses: the empty one.
      'personalizations.0.substitutions.',
    ],
    [
      'more than 1,000 personalizations',
      { ...request, personalizations: Array(1001).fill(request.personalizations[0]) },
      'personalizations',
    ],
  ])('refuses %s, as SendGrid does', async (_l, body, field) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe(field);
    expect(sink.mails).toEqual([]);
  });

  it('refuses a batch holding a refused address, naming its personalization, and sends none of it', async () => {
    await fetch(`${sink.url}/control/refuse`, { method: 'POST', body: JSON.stringify({ email: 'bad@example.test' }) });
    const to = (email: string) => ({ to: [{ email }] });
    const res = await post({ ...request, personalizations: [to('a@example.test'), to('bad@example.test')] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe(
      'personalizations.1.to.0.email',
    );
    expect(sink.mails).toEqual([]);
    expect((await post({ ...request, personalizations: [to('a@example.test')] })).status).toBe(202);
    expect((await fetch(`${sink.url}/control/refuse`, { method: 'POST', body: '{}' })).status).toBe(400);
  });

  it('keeps the last 500 mails but counts every one it received, until cleared', async () => {
    const health = async () =>
      (await (await fetch(`${sink.url}/health`)).json()) as { mails: number; received: number };
    for (let i = 0; i < 503; i++) expect((await post(request)).status).toBe(202);
    expect(await health()).toMatchObject({ mails: 500, received: 503 });
    await fetch(`${sink.url}/api/mails`, { method: 'DELETE' });
    expect(await health()).toMatchObject({ mails: 0, received: 0 });
  });

  it('answers injected failures, then accepts again', async () => {
    await fetch(`${sink.url}/control/fail`, { method: 'POST', body: JSON.stringify({ status: 500, count: 2 }) });
    expect((await post(request)).status).toBe(500);
    expect((await post(request)).status).toBe(500);
    expect((await post(request)).status).toBe(202);
    expect(sink.mails).toHaveLength(1);
  });

  it('refuses a malformed failure injection', async () => {
    const res = await fetch(`${sink.url}/control/fail`, { method: 'POST', body: JSON.stringify({ status: 200 }) });
    expect(res.status).toBe(400);
  });

  it('shows the mail on its page, escaped, with the HTML part one link away', async () => {
    await post(request);
    const page = await (await fetch(`${sink.url}/`)).text();
    expect(page).toContain('<h2>EUR/USD &lt;fired&gt;</h2>');
    expect(page).toContain('<pre>Plain &amp; simple</pre>');
    const id = sink.mails[0]?.id;
    const html = await fetch(`${sink.url}/mails/${id}.html`);
    expect(await html.text()).toBe('<p>Rich</p>');
    expect((await fetch(`${sink.url}/mails/999.html`)).status).toBe(404);
  });

  it('says so when there is no mail', async () => {
    expect(await (await fetch(`${sink.url}/`)).text()).toContain('No mail yet.');
  });
});
