/**
 * Discord as a channel, the pure part: which webhook URLs a user may add, and a firing as an embed. Limits
 * are Discord's own (https://discord.com/developers/docs/resources/webhook and .../message#embed-object-
 * embed-limits): a title at most 256 characters, a description 4,096, a field's name 256 and value 1,024, a
 * footer 2,048, and 6,000 in all.
 */
import { z } from '../common/zod.ts';
import { formatPrice } from '../common/constants.ts';
import { formatZonedDateTime, timesAreIn } from '../common/timeZones.ts';
import { conditionWords, firedMoveWords } from './noticeCondition.ts';
import { AT_OPEN_NOTICE, RUNAWAY_NOTICE, type FiredAlert } from './alertMessages.ts';

/** Discord's hosts for a webhook: the app's own, its old name, and its test builds. */
export const DISCORD_WEBHOOK_HOSTS = ['discord.com', 'discordapp.com', 'canary.discord.com', 'ptb.discord.com'];

/**
 * A webhook URL a user may add, as Discord hands it out: `https://discord.com/api/webhooks/<id>/<token>`
 * (the id a snowflake, the token 60 to 100 of `A-Za-z0-9_-`), on one of Discord's hosts, with no port, user,
 * query or fragment. Anything else is refused, so the sender can reach nothing but Discord. `localOrigin`:
 * the local stack's Discord stand-in (`http://127.0.0.1:8098`), the one other origin taken, and only when
 * the functions run on the emulator. Returns the URL in its one canonical form, or undefined.
 */
export function discordWebhookUrl(input: string, localOrigin?: string): string | undefined {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return undefined;
  }
  if (url.username || url.password || url.search || url.hash) return undefined;
  const local = localOrigin !== undefined && url.origin === localOrigin;
  if (!local && (url.protocol !== 'https:' || url.port || !DISCORD_WEBHOOK_HOSTS.includes(url.hostname)))
    return undefined;
  const path = url.pathname.match(DISCORD_WEBHOOK_PATH);
  if (!path) return undefined;
  return `${local ? url.origin : `https://${url.hostname}`}/api/webhooks/${path[1]}/${path[2]}`;
}

const DISCORD_WEBHOOK_PATH = /^\/api(?:\/v\d{1,2})?\/webhooks\/(\d{17,20})\/([A-Za-z0-9_-]{60,100})\/?$/;

/** The webhook's id (a snowflake) in a URL discordWebhookUrl returned: what the screen shows of it. */
export function discordWebhookId(url: string): string | undefined {
  return new URL(url).pathname.match(DISCORD_WEBHOOK_PATH)?.[1];
}

export interface DiscordEmbed {
  title: string;
  description: string;
  url: string;
  fields: { name: string; value: string; inline?: boolean }[];
  footer: { text: string };
  timestamp: string;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A firing as Discord shows it: the condition as the title, the price or the move, the time, the note. */
export function discordAlertEmbed(a: FiredAlert, timeZone: string, alertUrl: string): DiscordEmbed {
  const price = formatPrice(a.currencyPair, a.triggeredPrice);
  const move = firedMoveWords(a, a.triggeredPrice, a.triggeredAt.getTime());
  const notices = [...(a.atOpen ? [AT_OPEN_NOTICE] : []), ...(a.runawayPaused ? [RUNAWAY_NOTICE] : [])];
  return {
    title: cut(`${a.currencyPair}: ${conditionWords(a)}`, 256),
    description: cut([move ?? `Now ${price} (${a.priceSide ?? 'ask'})`, ...notices].join('\n'), 4_096),
    url: alertUrl,
    fields: [
      { name: 'Time', value: cut(formatZonedDateTime(a.triggeredAt, timeZone), 1_024), inline: true },
      ...(a.fireCount ? [{ name: 'Times fired', value: String(a.fireCount), inline: true }] : []),
      ...(a.note ? [{ name: 'Note', value: cut(a.note, 1_024) }] : []),
    ],
    footer: { text: cut(timesAreIn(timeZone), 2_048) },
    timestamp: a.triggeredAt.toISOString(),
  };
}

/** A notice told as its push tells it (an expiry, several firings at once): the title, then the body. */
export function discordPushEmbed(
  push: { title: string; body: string },
  url: string,
  timeZone: string,
  at: Date,
): DiscordEmbed {
  return {
    title: cut(push.title, 256),
    description: cut(push.body, 4_096),
    url,
    fields: [],
    footer: { text: cut(timesAreIn(timeZone), 2_048) },
    timestamp: at.toISOString(),
  };
}

/** Discord's JSON error body: `{message, code}`, and on a 429 `retry_after` (seconds) and `global`. */
export const discordErrorSchema = z.object({
  message: z.optional(z.string()),
  code: z.optional(z.number()),
  retry_after: z.optional(z.number()),
  global: z.optional(z.boolean()),
});
