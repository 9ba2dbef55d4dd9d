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
      /** 429: seconds to wait (the body's retry_after, else the Retry-After header). */
      retryAfter?: number;
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
  let text: string;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    throw new DiscordUnreachable(`Discord: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (response.status >= 200 && response.status < 300) return { ok: true };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const error = discordErrorSchema.safeParse(body);
  const header = Number(response.headers.get('retry-after'));
  const retryAfter = error.success && error.data.retry_after !== undefined ? error.data.retry_after : header;
  return {
    ok: false,
    status: response.status,
    ...(error.success && error.data.code !== undefined ? { code: error.data.code } : {}),
    message: error.success && error.data.message ? error.data.message : `HTTP ${response.status}`,
    ...(response.status === 429 && Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfter } : {}),
  };
}

/** Whether Discord says the webhook is gone for good (deleted, or its token no longer valid). */
export const webhookGone = (a: DiscordAnswer) =>
  !a.ok && (a.status === 404 || a.code === 10015 || a.code === 50027 || a.status === 401);
