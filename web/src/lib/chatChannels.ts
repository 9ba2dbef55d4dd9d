/**
 * The manageTelegram and manageDiscord callables (docs/chat-channels.md): the only way a Telegram chat
 * is linked or a Discord webhook stored. The profile shows the outcome; these answer what the screen
 * needs at once (the link to open, the webhook's id, how a test went).
 */
import type { DiscordRequest, DiscordResponse, TelegramRequest, TelegramResponse } from '@price-alerts/domain/notify';
import { getFunctionsInstance } from './firebase';
import { MSG_WEBHOOK_FAILED } from './webhooks';

export const MSG_CHANNEL_FAILED = MSG_WEBHOOK_FAILED;

/** The server's own words for what it refused (a URL that is not Discord's, a test too soon); ours for anything else. */
export class ChannelRefusal extends Error {}

const REFUSALS = [
  'functions/invalid-argument',
  'functions/failed-precondition',
  'functions/unavailable',
  'functions/resource-exhausted',
];

async function call<Req, Res>(name: string, request: Req, timeout: number): Promise<Res> {
  const { httpsCallable } = await import('firebase/functions');
  const callable = httpsCallable<Req, Res>(await getFunctionsInstance(), name, { timeout });
  try {
    return (await callable(request)).data;
  } catch (error) {
    // The SDK appends the HTTP status ('… [400]'): the user reads the server's sentence alone.
    if (REFUSALS.includes((error as { code?: string }).code ?? ''))
      throw new ChannelRefusal((error as Error).message.replace(/ \[\d{3}\]$/, ''));
    throw new Error(MSG_CHANNEL_FAILED, { cause: error });
  }
}

/**
 * Where 'Connect Telegram' goes: the bot's t.me link, or on the emulators the local stand-in's page with
 * the same code, where a person presses Start as in Telegram.
 */
export function telegramOpenUrl(link: string, standIn: string | undefined): string {
  const code = standIn ? URL.parse(link)?.searchParams.get('start') : undefined;
  return standIn && code ? `${standIn}/?start=${encodeURIComponent(code)}` : link;
}

export const manageTelegram = (request: TelegramRequest) =>
  call<TelegramRequest, TelegramResponse>('manageTelegram', request, 10_000);

/** A test waits up to 5 s for Discord. */
export const manageDiscord = (request: DiscordRequest) =>
  call<DiscordRequest, DiscordResponse>('manageDiscord', request, 15_000);
