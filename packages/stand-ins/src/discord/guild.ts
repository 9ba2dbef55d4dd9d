/**
 * The Discord stand-in's one guild, in memory: named channels, the webhooks made for them, and the messages
 * their executions posted, as Discord's message objects (what `?wait=true` answers).
 */
import { randomBytes } from 'node:crypto';
import type { Embed, ExecuteBody } from './executeBody.ts';

/** Discord's snowflakes count milliseconds from the first second of 2015. */
const DISCORD_EPOCH = 1_420_070_400_000n;
/** Only the last ones per channel: a benchmark posting thousands should not grow the process. */
const MAX_KEPT = 200;
/** What Discord names a webhook made in its app without a name. */
const DEFAULT_NAME = 'Captain Hook';

export interface Webhook {
  id: string;
  token: string;
  name: string;
  channelId: string;
  /** A deleted webhook is kept so that its id answers 404 Unknown Webhook rather than being reused. */
  deleted: boolean;
}

/** The part of Discord's message object a webhook's message has. */
export interface DiscordMessage {
  id: string;
  type: 0;
  channel_id: string;
  webhook_id: string;
  author: { id: string; username: string; avatar: null; discriminator: '0000'; bot: true };
  content: string;
  embeds: Embed[];
  tts: boolean;
  timestamp: string;
  edited_timestamp: null;
  mentions: [];
  mention_roles: [];
  mention_everyone: false;
  attachments: [];
  components: [];
  pinned: false;
  flags: 0;
}

/** A message as kept: Discord's object, and what the sender asked of mentions (the app must silence them). */
export interface KeptMessage {
  message: DiscordMessage;
  allowedMentions: ExecuteBody['allowed_mentions'];
}

export interface Channel {
  id: string;
  name: string;
  messages: KeptMessage[];
}

export type Lookup = { found: Webhook } | { error: 'unknown' | 'bad-token' };

/** The URL a user pastes into the app: Discord's path, on the stand-in's host. */
export const webhookUrl = (base: string, w: Webhook) => `${base}/api/webhooks/${w.id}/${w.token}`;

/** Discord's own timestamp form: microseconds and an explicit offset. */
const discordTime = (ms: number) => new Date(ms).toISOString().replace('Z', '000+00:00');

export class Guild {
  readonly id: string;
  /** By name: the control routes and the page name a channel, Discord's API never does. */
  readonly channels = new Map<string, Channel>();
  readonly webhooks = new Map<string, Webhook>();
  readonly #now: () => number;
  #increment = 0;

  constructor(now: () => number) {
    this.#now = now;
    this.id = this.#snowflake();
  }

  /** Time, worker 1, process 1 and an increment, so ids sort by creation as Discord's do. */
  #snowflake(): string {
    const increment = BigInt(this.#increment++ & 0xfff);
    return (((BigInt(this.#now()) - DISCORD_EPOCH) << 22n) | (1n << 17n) | (1n << 12n) | increment).toString();
  }

  createWebhook(channelName: string, name = DEFAULT_NAME): Webhook {
    let channel = this.channels.get(channelName);
    if (!channel) {
      channel = { id: this.#snowflake(), name: channelName, messages: [] };
      this.channels.set(channelName, channel);
    }
    // 68 characters of A-Za-z0-9_-, within the 60 to 100 the app accepts (discordWebhookUrl).
    const token = randomBytes(51).toString('base64url');
    const webhook: Webhook = { id: this.#snowflake(), token, name, channelId: channel.id, deleted: false };
    this.webhooks.set(webhook.id, webhook);
    return webhook;
  }

  /** Discord tells a wrong token from an unknown id; a deleted webhook is unknown whatever the token. */
  find(id: string, token: string): Lookup {
    const webhook = this.webhooks.get(id);
    if (!webhook || webhook.deleted) return { error: 'unknown' };
    return webhook.token === token ? { found: webhook } : { error: 'bad-token' };
  }

  /** Whether there was a live webhook to delete. */
  deleteWebhook(id: string): boolean {
    const webhook = this.webhooks.get(id);
    if (!webhook || webhook.deleted) return false;
    webhook.deleted = true;
    return true;
  }

  /** What Get Webhook with Token answers: an incoming webhook (type 1), without the user who made it. */
  webhookObject(w: Webhook) {
    const { id, name, channelId, token } = w;
    return { id, type: 1, name, avatar: null, channel_id: channelId, guild_id: this.id, application_id: null, token };
  }

  channelOf(webhook: Webhook): Channel | undefined {
    return [...this.channels.values()].find((c) => c.id === webhook.channelId);
  }

  post(webhook: Webhook, body: ExecuteBody): DiscordMessage {
    const message: DiscordMessage = {
      id: this.#snowflake(),
      type: 0,
      channel_id: webhook.channelId,
      webhook_id: webhook.id,
      author: {
        id: webhook.id,
        username: body.username ?? webhook.name,
        avatar: null,
        discriminator: '0000',
        bot: true,
      },
      content: body.content ?? '',
      embeds: body.embeds ?? [],
      tts: body.tts ?? false,
      timestamp: discordTime(this.#now()),
      edited_timestamp: null,
      mentions: [],
      mention_roles: [],
      mention_everyone: false,
      attachments: [],
      components: [],
      pinned: false,
      flags: 0,
    };
    const channel = this.channelOf(webhook);
    if (channel) {
      channel.messages.push({ message, allowedMentions: body.allowed_mentions });
      channel.messages.splice(0, Math.max(0, channel.messages.length - MAX_KEPT));
    }
    return message;
  }

  reset(): void {
    this.channels.clear();
    this.webhooks.clear();
  }
}
