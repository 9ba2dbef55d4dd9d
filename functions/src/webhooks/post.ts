/**
 * One POST to a user's webhook: to the address checked in addresses.ts (TLS still checks the
 * certificate against the URL's name), within WEBHOOK_TIMEOUT_MS, never following a redirect, and
 * reading at most a little of the answer (for 'Send a test'; nothing of it is stored).
 */
import { WEBHOOK_TIMEOUT_MS } from '@price-alerts/domain/notify';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { ForbiddenAddress, checkedAddresses, type AddressKind, type CheckedAddress, type Resolve } from './addresses';

/** What 'Send a test' shows of the receiver's answer. */
export const ANSWER_PREVIEW_CHARS = 200;

export interface WebhookAnswer {
  status: number;
  /** The first ANSWER_PREVIEW_CHARS characters of the body; empty unless asked for (`preview`). */
  text: string;
}

export interface WebhookPostOptions {
  /** The local stack only: its webhook sink's origin (params.ts), the one local address allowed. */
  localSink: string | undefined;
  timeoutMs?: number;
  resolve?: Resolve;
  /** Read the answer's first characters (for 'Send a test'); a delivery needs its status alone. */
  preview?: boolean;
}

/** No answer within the time allowed: counted as a failed try, tried again. */
export class WebhookTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms / 1000} s`);
    this.name = 'WebhookTimeout';
  }
}

/** How long the answer's first characters are waited for once its status is in: the status counts either way. */
const PREVIEW_WAIT_MS = 1_000;

function readPreview(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const done = () => {
      clearTimeout(timer);
      res.destroy();
      resolve(text.slice(0, ANSWER_PREVIEW_CHARS));
    };
    const timer = setTimeout(done, PREVIEW_WAIT_MS);
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      text += chunk;
      if (text.length >= ANSWER_PREVIEW_CHARS) done();
    });
    res.on('end', done);
    res.on('close', done);
    res.on('error', done);
  });
}

/** `work`, or WebhookTimeout once `ms` have passed (the work itself may go on; nobody waits for it). */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WebhookTimeout(ms)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The checked addresses of `host` (addresses.ts), or WebhookTimeout when the lookup takes over `ms`. */
export function checkedInTime(host: string, ms: number, resolve?: Resolve, allowed?: readonly AddressKind[]) {
  return within(checkedAddresses(host, resolve, allowed), ms);
}

/**
 * Where `url` may be sent, as in production: an https URL's public addresses. The one exception is
 * the local stack's webhook sink (`localSink`, its exact origin): http, on loopback addresses.
 * Throws ForbiddenAddress for anything else, WebhookTimeout when the lookup takes over `ms`.
 */
export async function targetAddresses(
  url: URL,
  localSink: string | undefined,
  ms: number,
  resolve?: Resolve,
): Promise<CheckedAddress[]> {
  const toSink = localSink !== undefined && url.origin === localSink;
  if (!toSink && url.protocol !== 'https:') throw new ForbiddenAddress(url.protocol.replace(/:$/, '://'), 'not https');
  return checkedInTime(url.hostname, ms, resolve, toSink ? ['loopback'] : []);
}

/** Errors of a connection that never opened: nothing reached the receiver, so its next address may be tried. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENETUNREACH', 'EHOSTUNREACH', 'EADDRNOTAVAIL', 'EAFNOSUPPORT']);

/**
 * Throws ForbiddenAddress (not to be tried again), WebhookTimeout, or the network's error; any
 * status comes back as an answer, 3xx included. The time allowed runs from the lookup to the status
 * line: a receiver that answered 200 and is slow with its body has delivered. A name's addresses
 * are tried in turn while connections are refused or unreachable, within that same time.
 */
export async function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: WebhookPostOptions,
): Promise<WebhookAnswer> {
  const url = new URL(target);
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const started = Date.now();
  // Saved URLs were checked already; this holds even if one was not (a document written by hand).
  const addresses = await targetAddresses(url, options.localSink, timeoutMs, options.resolve);
  let first: unknown;
  for (const address of addresses) {
    try {
      const left = Math.max(1, timeoutMs - (Date.now() - started));
      const { status, res } = await postTo(url, address, body, headers, left);
      if (options.preview) return { status, text: await readPreview(res) };
      res.destroy();
      return { status, text: '' };
    } catch (error) {
      // Once a connection opened, the receiver may have the request: another address could deliver it twice.
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string' || !NOT_CONNECTED.has(code)) throw error;
      first ??= error;
    }
  }
  // Every address refused or was out of reach: the first (an IPv4 one when there is one) says it best.
  throw first;
}

async function postTo(
  url: URL,
  { address, family }: CheckedAddress,
  body: string,
  headers: Record<string, string>,
  left: number,
): Promise<{ status: number; res: IncomingMessage }> {
  // The socket goes to the address checked, whatever a second lookup would say.
  const lookup: LookupFunction = (_host, opts, callback) => {
    if (opts.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const req = send(url, {
    method: 'POST',
    lookup,
    // A pooled socket could be one opened to another of the name's addresses.
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': 'PriceAlerts-Webhook/1',
      ...headers,
    },
  });
  const answered = new Promise<{ status: number; res: IncomingMessage }>((resolve, reject) => {
    req.on('response', (response) => resolve({ status: response.statusCode ?? 0, res: response }));
    req.on('error', reject);
  });
  req.end(body);
  try {
    return await within(answered, left);
  } catch (error) {
    // Past the time allowed the request is dropped, not only no longer waited for.
    req.destroy();
    throw error;
  }
}
