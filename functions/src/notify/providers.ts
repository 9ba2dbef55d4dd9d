/** What the sender needs of the outside world; adapters implement these for SendGrid, FCM and the emulators. */
import type {
  DiscordProfile,
  PushPayload,
  QuietHours,
  TelegramProfile,
  WebhookSettings,
} from '@price-alerts/domain/notify';

/** A provider failure; `retryable` when trying again later may succeed (5xx, 429, network). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface EmailMessage {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

/** What became of one message of many: accepted, or refused with the provider's error. */
export type EmailOutcome = { ok: true } | { ok: false; error: ProviderError };

export interface EmailProvider {
  /** Resolves once the provider accepted the message; throws ProviderError otherwise. */
  send(message: EmailMessage): Promise<void>;
  /**
   * Many messages (one sender) in as few requests as the provider takes; one outcome per message, in
   * order. A message the provider refuses alone fails alone. Never throws.
   */
  sendMany(messages: readonly EmailMessage[]): Promise<EmailOutcome[]>;
}

export interface PushResult {
  ok: boolean;
  /** The token is unregistered or invalid and should be forgotten. */
  dead: boolean;
  error?: string;
}

/** One user's push: the same payload to each of their devices. */
export interface PushRequest {
  userId: string;
  tokens: readonly string[];
  payload: PushPayload;
}

export interface PushProvider {
  /** One result per token, in order; throws ProviderError when nothing could be sent at all. */
  send(userId: string, tokens: readonly string[], payload: PushPayload): Promise<PushResult[]>;
  /**
   * Many users' pushes in as few calls as the provider takes; per request, one result per token, in
   * order. A call that fails fails only its own messages. Never throws.
   */
  sendMany(requests: readonly PushRequest[]): Promise<PushResult[][]>;
}

/**
 * What the user's profile says about sending: their quiet hours, when set and usable, and their own
 * time zone, when set and known here (notices fall back to the quiet hours' zone, then UTC).
 */
export interface NoticeSettings {
  quietHours?: QuietHours;
  timeZone?: string;
  webhook?: WebhookSettings;
  /** The linked Telegram chat (a link lost on Telegram's side reads as none). */
  telegram?: Extract<TelegramProfile, { state: 'linked' }>;
  /** The linked Discord webhook's id; its URL is read apart, only when a firing goes to it. */
  discord?: Extract<DiscordProfile, { state: 'linked' }>;
}

/** The answer of a webhook's receiver: its status and the start of its body (never stored). */
export interface WebhookProvider {
  /**
   * Throws ForbiddenAddress (webhooks/addresses.ts) for a host that is not public, WebhookTimeout
   * or a network error otherwise; every status, 3xx included, is an answer.
   */
  post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }>;
  /** The user's signing secret, or undefined once the webhook was removed. */
  secret(userId: string): Promise<string | undefined>;
  /**
   * The secret and when a request asked at `now` may go, spending one of the account's budget
   * (webhookBudget.ts in the domain); undefined once the webhook was removed.
   */
  claim(userId: string, now: number): Promise<{ secret: string; at: number } | undefined>;
}

/** Where a user's email may go: a verified address, or why there is none. */
export type EmailRecipient = { address: string } | { skip: string };

export interface Recipients {
  email(userId: string): Promise<EmailRecipient>;
  /** Each user's, in as few lookups as the accounts service takes (100 a call). */
  emails(userIds: readonly string[]): Promise<Map<string, EmailRecipient>>;
  /** The user's devices as their token documents say now (a single delivery's send). */
  pushTokens(userId: string): Promise<{ id: string; token: string }[]>;
  /** Each user's devices, read together: one round trip for a page of users. */
  pushTokensOf(userIds: readonly string[]): Promise<Map<string, { id: string; token: string }[]>>;
  removePushToken(userId: string, tokenId: string): Promise<void>;
  /** The user's quiet hours and time zone, read from their profile at once. */
  settings(userId: string): Promise<NoticeSettings>;
  /** Each user's settings, read together: one round trip for a page of users. */
  settingsOf(userIds: readonly string[]): Promise<Map<string, NoticeSettings>>;
}
