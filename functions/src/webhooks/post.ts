/**
 * One POST to a user's webhook: to the address checked in addresses.ts (TLS still checks the
 * certificate against the URL's name), within WEBHOOK_TIMEOUT_MS, never following a redirect, and
 * reading at most a little of the answer (for 'Send a test'; nothing of it is stored).
 */
import { WEBHOOK_TIMEOUT_MS } from '@price-alerts/domain/notify';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { ForbiddenAddress, checkedAddress, type Resolve } from './addresses';

/** What 'Send a test' shows of the receiver's answer. */
export const ANSWER_PREVIEW_CHARS = 200;

export interface WebhookAnswer {
  status: number;
  /** The first ANSWER_PREVIEW_CHARS characters of the body. */
  text: string;
}

export interface WebhookPostOptions {
  /** The local stack only: http:// and local addresses (its webhook sink). */
  allowLocal: boolean;
  timeoutMs?: number;
  resolve?: Resolve;
}

/** No answer within the time allowed: counted as a failed try, tried again. */
export class WebhookTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms / 1000} s`);
    this.name = 'WebhookTimeout';
  }
}

function readPreview(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      if (text.length < ANSWER_PREVIEW_CHARS) text += chunk;
      else res.destroy();
    });
    res.on('end', () => resolve(text.slice(0, ANSWER_PREVIEW_CHARS)));
    res.on('close', () => resolve(text.slice(0, ANSWER_PREVIEW_CHARS)));
    res.on('error', () => resolve(text.slice(0, ANSWER_PREVIEW_CHARS)));
  });
}

/**
 * Throws ForbiddenAddress (not to be tried again), WebhookTimeout, or the network's error; any
 * status comes back as an answer, 3xx included.
 */
export async function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: WebhookPostOptions,
): Promise<WebhookAnswer> {
  const url = new URL(target);
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  // Saved URLs were checked already; this holds even if one was not (a document written by hand).
  if (url.protocol !== 'https:' && !(options.allowLocal && url.protocol === 'http:'))
    throw new ForbiddenAddress(url.protocol.replace(/:$/, '://'), 'not https');
  const deadline = AbortSignal.timeout(timeoutMs);
  const { address, family } = await checkedAddress(url.hostname, options.allowLocal, options.resolve);
  // The socket goes to the address checked above, whatever a second lookup would say.
  const lookup: LookupFunction = (_host, opts, callback) => {
    if (opts.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<WebhookAnswer>((resolve, reject) => {
    const req = send(url, {
      method: 'POST',
      lookup,
      signal: deadline,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'PriceAlerts-Webhook/1',
        ...headers,
      },
    });
    req.on('response', (res) => {
      void readPreview(res).then((text) => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', (error) => reject(deadline.aborted ? new WebhookTimeout(timeoutMs) : error));
    req.end(body);
  });
}
