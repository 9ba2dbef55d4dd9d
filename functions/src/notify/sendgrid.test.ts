// The SendGrid adapter with the real @sendgrid/mail client, against the local SendGrid-compatible sink.
import { startMailSink, type MailSink } from '@price-alerts/stand-ins/mail';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from './providers';
import { sendgridProvider } from './sendgrid';

let sink: MailSink;
beforeAll(async () => {
  sink = await startMailSink();
});
afterAll(() => sink.close());

const message = {
  to: 'ada@example.test',
  from: 'Price Alerts <alerts@price-alerts.test>',
  subject: 'EUR/USD: Price reaching 1.10000 (now 1.10000)',
  text: 'plain',
  html: '<p>html</p>',
};
const fail = (status: number, count: number) =>
  fetch(`${sink.url}/control/fail`, { method: 'POST', body: JSON.stringify({ status, count }) });

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError)) throw new Error(`Expected a ProviderError, got ${String(error)}`);
  return error;
}

describe('sendgridProvider', () => {
  it('sends the message with both parts', async () => {
    await sendgridProvider({ apiKey: 'SG.test', baseUrl: sink.url }).send(message);
    expect(sink.mails.at(-1)).toMatchObject({
      to: ['ada@example.test'],
      from: 'Price Alerts <alerts@price-alerts.test>',
      subject: message.subject,
      text: 'plain',
      html: '<p>html</p>',
    });
  });

  it.each([
    [500, true],
    [503, true],
    [429, true],
    [400, false],
    [403, false],
  ])('reports a %d answer as retryable=%s', async (status, retryable) => {
    await fail(status, 1);
    const error = await rejection(sendgridProvider({ apiKey: 'SG.test', baseUrl: sink.url }).send(message));
    expect(error.retryable).toBe(retryable);
    expect(error.message).toContain(`SendGrid ${status}`);
  });

  it('reports a refused connection as retryable', async () => {
    const error = await rejection(sendgridProvider({ apiKey: 'SG.test', baseUrl: 'http://127.0.0.1:9' }).send(message));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('SendGrid request failed');
  });

  describe('sendMany', () => {
    const provider = () => sendgridProvider({ apiKey: 'SG.test', baseUrl: sink.url });
    const to = (name: string) => ({
      ...message,
      to: `${name}@example.test`,
      subject: `For ${name}`,
      text: `Hi ${name}`,
    });
    const count = async () => ((await (await fetch(`${sink.url}/health`)).json()) as { received: number }).received;

    it('sends many messages in one request, each with its own subject and parts', async () => {
      await fetch(`${sink.url}/api/mails`, { method: 'DELETE' });
      const outcomes = await provider().sendMany(['ada', 'bob', 'cy'].map(to));
      expect(outcomes).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
      expect(sink.mails.map((m) => [m.to[0], m.subject, m.text, m.html])).toEqual([
        ['ada@example.test', 'For ada', 'Hi ada', '<p>html</p>'],
        ['bob@example.test', 'For bob', 'Hi bob', '<p>html</p>'],
        ['cy@example.test', 'For cy', 'Hi cy', '<p>html</p>'],
      ]);
    });

    it('fails a refused recipient alone and sends the others once', async () => {
      await fetch(`${sink.url}/api/mails`, { method: 'DELETE' });
      await fetch(`${sink.url}/control/refuse`, {
        method: 'POST',
        body: JSON.stringify({ email: 'bob@example.test' }),
      });
      const outcomes = await provider().sendMany(['ada', 'bob', 'cy'].map(to));
      expect(outcomes.map((o) => (o.ok ? 'sent' : `refused, retryable=${o.error.retryable}`))).toEqual([
        'sent',
        'refused, retryable=false',
        'sent',
      ]);
      expect(sink.mails.map((m) => m.to[0])).toEqual(['ada@example.test', 'cy@example.test']);
      await fetch(`${sink.url}/api/mails`, { method: 'DELETE' });
    });

    it('fails every message of a request the provider could not take, to be tried again', async () => {
      const before = await count();
      await fail(429, 1);
      const outcomes = await provider().sendMany(['ada', 'bob'].map(to));
      expect(outcomes.map((o) => !o.ok && o.error.retryable)).toEqual([true, true]);
      expect(await count()).toBe(before);
    });

    it('sends a message too large for a batch alone, and the rest together', async () => {
      await fetch(`${sink.url}/api/mails`, { method: 'DELETE' });
      const large = { ...to('big'), html: `<p>${'x'.repeat(12_000)}</p>` };
      expect(await provider().sendMany([to('ada'), large, to('bob')])).toEqual([
        { ok: true },
        { ok: true },
        { ok: true },
      ]);
      expect(sink.mails.map((m) => m.to[0])).toEqual(['ada@example.test', 'bob@example.test', 'big@example.test']);
    });

    it('sends each message alone when a refusal names none of them', async () => {
      await fetch(`${sink.url}/api/mails`, { method: 'DELETE' });
      await fail(400, 1);
      expect(await provider().sendMany(['ada', 'bob'].map(to))).toEqual([{ ok: true }, { ok: true }]);
      expect(sink.mails.map((m) => m.to[0]).sort()).toEqual(['ada@example.test', 'bob@example.test']);
    });

    it('counts the substitutions’ keys against SendGrid’s 10,000 bytes, as SendGrid does', async () => {
      await fetch(`${sink.url}/api/mails`, { method: 'DELETE' });
      // The values alone fit, 9,950 bytes; with their keys (38 bytes each) they do not, so it goes alone.
      const edge = { ...to('edge'), text: 'x'.repeat(4_950), html: 'y'.repeat(5_000) };
      expect(await provider().sendMany([to('ada'), edge])).toEqual([{ ok: true }, { ok: true }]);
      expect(sink.mails.find((m) => m.to[0] === 'edge@example.test')?.html).toBe(edge.html);
    });

    it('keeps a text that looks like a substitution key as it is', async () => {
      await fetch(`${sink.url}/api/mails`, { method: 'DELETE' });
      const tricky = { ...to('ada'), text: 'Note: -pa-html- -pa-text- %body% {{html}}' };
      await provider().sendMany([tricky, to('bob')]);
      expect(sink.mails.find((m) => m.to[0] === 'ada@example.test')?.text).toBe(tricky.text);
    });

    it.each([
      ['an errors list with nothing in it that names one', '{"errors":[null]}'],
      ['errors that are not a list', '{"errors":{}}'],
      ['a body that is not JSON', '<html>Bad Request</html>'],
      ['a personalization past the batch', '{"errors":[{"field":"personalizations.99.to.0.email"}]}'],
    ])('takes a 400 with %s as naming no message, and sends each alone', async (_l, body) => {
      // A server that refuses every batch with that body, and takes single messages.
      const requests: number[] = [];
      const server = createServer((req, res) => {
        let raw = '';
        req.on('data', (c: Buffer) => (raw += c.toString()));
        req.on('end', () => {
          const size = (JSON.parse(raw) as { personalizations: unknown[] }).personalizations.length;
          requests.push(size);
          if (size > 1) res.writeHead(400, { 'content-type': 'application/json' }).end(body);
          else res.writeHead(202).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const p = sendgridProvider({ apiKey: 'SG.test', baseUrl: `http://127.0.0.1:${port}` });
        expect(await p.sendMany(['ada', 'bob', 'cy'].map(to))).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
        expect(requests.sort()).toEqual([1, 1, 1, 3]);
      } finally {
        server.close();
      }
    });

    it('answers nothing to send with nothing', async () => {
      expect(await provider().sendMany([])).toEqual([]);
    });
  });
});
