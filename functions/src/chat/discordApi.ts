/**
 * Discord's Execute Webhook (https://discord.com/developers/docs/resources/webhook#execute-webhook): one
 * POST of a JSON message to the webhook's URL, which holds its token, so no URL is ever logged. Only a URL
 * discordWebhookUrl returned is posted to (Discord's hosts, or the local stand-in on the emulator), so
 * the request cannot be pointed anywhere else. Redirects are not followed.
 */
import type { DiscordEmbed } from '@price-alerts/domain/notify';
import { discordErrorSchema } from '@price-alerts/domain/notify';

export const DISCORD_TIMEOUT_MS = 5_000;

export interface DiscordMessage {
  content?: string;
  embeds?: DiscordEmbed[];
  /** No @everyone, role or user pings from a user's note or a pair's name. */
  allowed_mentions: { parse: [] };
}

export type DiscordAnswer =
  | { ok: true }
  | {
      ok: false;
      status: number;
      /** Discord's JSON error code (10015 Unknown Webhook, 50027 Invalid Webhook Token), when it sent one. */
      code?: number;
      message: string;
      /** 429: seconds to wait (the body's retry_after, else Discord's headers, else 1). */
      retryAfter?: number;
      /** 429: the limit was Discord's global one, not the webhook's. */
      global?: boolean;
    };

/** A post that did not get Discord's answer (network, timeout): the sender tries again later. */
export class DiscordUnreachable extends Error {}

export async function postDiscord(
  url: string,
  message: DiscordMessage,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = DISCORD_TIMEOUT_MS,
): Promise<DiscordAnswer> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    // The URL holds the webhook's token: the error says what failed, not where.
    throw new DiscordUnreachable(`Discord: ${error instanceof Error ? error.name : 'network error'}`);
  }
  // A 2xx is Discord's yes: its body is not read, so a body cut short cannot make the post go twice.
  if (response.status >= 200 && response.status < 300) return { ok: true };
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  const error = discordErrorSchema.safeParse(body);
  const data = error.success ? error.data : {};
  // Discord's body says how long to wait; its headers say it too (Retry-After, X-RateLimit-Reset-After).
  const waits = [data.retry_after, header(response, 'retry-after'), header(response, 'x-ratelimit-reset-after')];
  const retryAfter = waits.find((w): w is number => w !== undefined && Number.isFinite(w) && w >= 0) ?? 1;
  return {
    ok: false,
    status: response.status,
    ...(data.code !== undefined ? { code: data.code } : {}),
    message: data.message || `HTTP ${response.status}`,
    ...(response.status === 429 ? { retryAfter, global: data.global === true } : {}),
  };
}

const header = (response: Response, name: string): number | undefined => {
  const value = response.headers.get(name);
  return value === null || value.trim() === '' ? undefined : Number(value);
};

/** Whether Discord says the webhook is gone for good (deleted, or its token no longer valid). */
export const webhookGone = (a: DiscordAnswer) =>
  !a.ok && (a.status === 404 || a.code === 10015 || a.code === 50027 || a.status === 401);
