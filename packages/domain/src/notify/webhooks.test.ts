import { describe, expect, it } from 'vitest';
import { historySentence } from '../alerts/alertDisplay.ts';
import { defaultQuietHours } from './quietHours.ts';
import {
  MSG_WEBHOOK_CREDENTIALS,
  MSG_WEBHOOK_HTTPS,
  MSG_WEBHOOK_PORT,
  MSG_WEBHOOK_TOO_LONG,
  MSG_WEBHOOK_URL,
  confirmsChallenge,
  parseSignatureHeader,
  parseWebhookUrl,
  signatureHeaderValue,
  testAnswerText,
  webhookHeldUntil,
  webhookHistoryReason,
  webhookRequestSchema,
  webhookVerdict,
} from './webhooks.ts';

const SINK = 'http://127.0.0.1:8096';
const PROD = undefined;

describe('parseWebhookUrl', () => {
  it.each<[string, unknown, string | undefined, { url: string } | { error: string }]>([
    ['an https address', 'https://example.com/hooks/a?x=1', PROD, { url: 'https://example.com/hooks/a?x=1' }],
    ['spaces around it are trimmed', '  https://example.com/h  ', PROD, { url: 'https://example.com/h' }],
    ['the fragment is dropped', 'https://example.com/h#frag', PROD, { url: 'https://example.com/h' }],
    ['an IPv6 literal', 'https://[2606:4700::1]/h', PROD, { url: 'https://[2606:4700::1]/h' }],
    ['http in production', 'http://example.com/h', PROD, { error: MSG_WEBHOOK_HTTPS }],
    ['the local sink on the local stack', 'http://127.0.0.1:8096/hooks', SINK, { url: 'http://127.0.0.1:8096/hooks' }],
    ['another local port over http', 'http://127.0.0.1:8097/hooks', SINK, { error: MSG_WEBHOOK_HTTPS }],
    ['the sink by another name', 'http://localhost:8096/hooks', SINK, { error: MSG_WEBHOOK_HTTPS }],
    ['a private host over http locally', 'http://10.0.0.7/hooks', SINK, { error: MSG_WEBHOOK_HTTPS }],
    ['the sink in production', 'http://127.0.0.1:8096/hooks', PROD, { error: MSG_WEBHOOK_HTTPS }],
    ['ftp even locally', 'ftp://example.com/h', SINK, { error: MSG_WEBHOOK_HTTPS }],
    ['javascript:', 'javascript:alert(1)', SINK, { error: MSG_WEBHOOK_HTTPS }],
    ['no scheme', 'example.com/hooks', PROD, { error: MSG_WEBHOOK_URL }],
    ['empty', '', PROD, { error: MSG_WEBHOOK_URL }],
    ['blank', '   ', PROD, { error: MSG_WEBHOOK_URL }],
    ['not text', 42, PROD, { error: MSG_WEBHOOK_URL }],
    ['a user and password', 'https://bot:pw@example.com/h', PROD, { error: MSG_WEBHOOK_CREDENTIALS }],
    ['too long', `https://example.com/${'a'.repeat(2_000)}`, PROD, { error: MSG_WEBHOOK_TOO_LONG }],
    ['too long once encoded', `https://example.com/${'é'.repeat(1_900)}`, PROD, { error: MSG_WEBHOOK_TOO_LONG }],
    [
      'a host longer than DNS allows',
      `https://${'abcdefghij'.repeat(6).concat('.').repeat(5)}com/`,
      PROD,
      { error: MSG_WEBHOOK_URL },
    ],
    ['a host ending in a dot-less oddity', 'https://example.com./h', PROD, { error: MSG_WEBHOOK_URL }],
    ['https’s port, written out', 'https://example.com:443/h', PROD, { url: 'https://example.com/h' }],
    ['a port from 1024 up', 'https://example.com:8443/h', PROD, { url: 'https://example.com:8443/h' }],
    ['a mail port', 'https://example.com:25/h', PROD, { error: MSG_WEBHOOK_PORT }],
    ['port 0', 'https://example.com:0/h', PROD, { error: MSG_WEBHOOK_PORT }],
    ['a low port on the sink’s host', 'http://127.0.0.1:80/h', SINK, { error: MSG_WEBHOOK_HTTPS }],
  ])('%s', (_name, input, localSink, expected) => {
    expect(parseWebhookUrl(input, localSink)).toEqual(expected);
  });
});

describe('confirmsChallenge', () => {
  it.each([
    ['the challenge echoed as text', { status: 200, text: 'c0ffee' }, true],
    ['the challenge in JSON', { status: 200, text: '{"challenge":"c0ffee"}' }, true],
    ['a 204 cannot carry it', { status: 204, text: '' }, false],
    ['a 2xx without it', { status: 200, text: '{"ok":true}' }, false],
    ['the challenge with an error status', { status: 400, text: 'c0ffee' }, false],
    ['a redirect', { status: 302, text: 'c0ffee' }, false],
  ])('%s: %s', (_name, answer, confirmed) => {
    expect(confirmsChallenge(answer, 'c0ffee')).toBe(confirmed);
  });

  it('takes no empty challenge as confirmed', () => {
    expect(confirmsChallenge({ status: 200, text: 'anything' }, '')).toBe(false);
  });
});

describe('the signature header', () => {
  const hex = 'ab'.repeat(32);
  it.each<[string, unknown, { t: number; v1: string } | undefined]>([
    ['ours', signatureHeaderValue(1_700_000_000, hex), { t: 1_700_000_000, v1: hex }],
    ['a short mac', `t=1,v1=${'a'.repeat(63)}`, undefined],
    ['upper-case hex', `t=1,v1=${'A'.repeat(64)}`, undefined],
    ['no time', `v1=${hex}`, undefined],
    ['extra parts', `t=1,v1=${hex},v0=x`, undefined],
    ['missing', undefined, undefined],
  ])('%s', (_name, value, expected) => {
    expect(parseSignatureHeader(value)).toEqual(expected);
  });
});

describe('webhookVerdict', () => {
  it.each<[number, ReturnType<typeof webhookVerdict>]>([
    [200, 'sent'],
    [204, 'sent'],
    [299, 'sent'],
    [301, 'refused'],
    [400, 'refused'],
    [404, 'refused'],
    [429, 'refused'],
    [500, 'retry'],
    [503, 'retry'],
  ])('%i is %s', (status, verdict) => {
    expect(webhookVerdict(status)).toBe(verdict);
  });
});

describe('webhookHeldUntil', () => {
  const quiet = { ...defaultQuietHours('UTC'), enabled: true };
  const night = Date.parse('2026-11-24T23:00:00Z');
  const day = Date.parse('2026-11-24T12:00:00Z');
  it.each<[string, boolean, typeof quiet | undefined, number, number | undefined]>([
    ['not chosen: never held', false, quiet, night, undefined],
    ['chosen, at night: held to 07:00', true, quiet, night, Date.parse('2026-11-25T07:00:00Z')],
    ['chosen, by day: not held', true, quiet, day, undefined],
    ['chosen, no quiet hours: not held', true, undefined, night, undefined],
  ])('%s', (_name, holdInQuietHours, q, now, expected) => {
    expect(webhookHeldUntil({ holdInQuietHours }, q, now)).toBe(expected);
  });
});

describe("the webhook's words", () => {
  const event = (reason: string, outcome: 'sent' | 'failed') => ({
    type: 'notified' as const,
    at: 0,
    channel: 'webhook' as const,
    outcome,
    reason,
    expireAt: new Date(0),
  });
  it.each<[string, string, 'sent' | 'failed', string]>([
    ['a 200', webhookHistoryReason.sent(200), 'sent', 'Webhook: 200'],
    ['five 503s', webhookHistoryReason.exhausted(5, '503'), 'failed', 'Webhook: failed after 5 tries: 503'],
    ['a 404', webhookHistoryReason.refused('404'), 'failed', 'Webhook: failed: 404'],
  ])('history: %s', (_name, reason, outcome, sentence) => {
    expect(historySentence(event(reason, outcome), 'EUR/USD')).toBe(sentence);
  });

  it.each<[string, Parameters<typeof testAnswerText>[0], string]>([
    ['an answer with a body', { status: 200, text: ' ok\n' }, 'Your receiver answered 200: ok'],
    ['an empty body', { status: 204, text: '' }, 'Your receiver answered 204'],
    ['a redirect', { status: 302, text: '' }, 'Your receiver answered 302 (redirects are not followed)'],
    ['no answer', { error: 'connection refused' }, 'No answer: connection refused'],
    [
      'control and direction characters',
      { status: 200, text: '\u0000ok\u001b[31m red\u202e!\u0085' },
      'Your receiver answered 200: ok [31m red !',
    ],
  ])("'Send a test': %s", (_name, answer, text) => {
    expect(testAnswerText(answer)).toBe(text);
  });
});

describe('webhookRequestSchema', () => {
  it.each<[string, unknown, boolean]>([
    ['save', { op: 'save', url: 'https://example.com', holdInQuietHours: false }, true],
    ['save without the choice', { op: 'save', url: 'https://example.com' }, false],
    ['test', { op: 'test' }, true],
    ['an unknown op', { op: 'read-secret' }, false],
    ['an extra field', { op: 'remove', uid: 'someone-else' }, false],
    ['a huge url', { op: 'save', url: 'x'.repeat(10_000), holdInQuietHours: false }, false],
  ])('%s', (_name, request, ok) => {
    expect(webhookRequestSchema.safeParse(request).success).toBe(ok);
  });
});
