// The SendGrid adapter with the real @sendgrid/mail client, against the local SendGrid-compatible sink.
import { startMailSink, type MailSink } from '@price-alerts/stand-ins/mail';
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
});
