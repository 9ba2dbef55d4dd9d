/**
 * How updates reach the bot once setWebhook has named a URL: POSTed as JSON with the secret in
 * `X-Telegram-Bot-Api-Secret-Token`, one at a time per chat so a chat's updates arrive in order. A
 * webhook that answers other than 2xx, or cannot be reached, gets the same update again after a
 * doubling pause, a bounded number of times; then it is dropped and getWebhookInfo says why, as
 * Telegram "gives up after a reasonable amount of attempts". Updates wait while there is no webhook.
 */
import type { Update } from './chats.ts';

export interface WebhookConfig {
  url: string;
  secretToken: string | undefined;
  maxConnections: number;
}

export interface DeliveryOptions {
  /** Tries per update, the first included. */
  attempts: number;
  /** The pause after the first failed try; it doubles after each. */
  backoffMs: number;
  timeoutMs: number;
  now: () => number;
}

export interface DeliveryRecord {
  update_id: number;
  chat_id: number;
  type: string;
  status: 'pending' | 'delivered' | 'failed' | 'dropped';
  attempts: number;
  /** The webhook's last HTTP status, or what went wrong reaching it. */
  last?: number | string;
}

/** Telegram's default: every update type but chat_member, message_reaction and message_reaction_count. */
const NOT_BY_DEFAULT = new Set(['chat_member', 'message_reaction', 'message_reaction_count']);
const MAX_RECORDS = 500;

const typeOf = (update: Update) => Object.keys(update).find((k) => k !== 'update_id') ?? 'unknown';

export class WebhookDelivery {
  config: WebhookConfig | undefined;
  allowedUpdates: string[] = [];
  lastError: { date: number; message: string } | undefined;
  readonly records: DeliveryRecord[] = [];
  private readonly queues = new Map<number, { update: Update; record: DeliveryRecord }[]>();
  private readonly running = new Set<number>();
  private readonly timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  private waiters: (() => void)[] = [];
  private closed = false;

  constructor(private readonly options: DeliveryOptions) {}

  get pendingCount(): number {
    return [...this.queues.values()].reduce((n, q) => n + q.length, 0);
  }

  enqueue(chatId: number, update: Update): void {
    const type = typeOf(update);
    const allowed = this.allowedUpdates.length ? this.allowedUpdates.includes(type) : !NOT_BY_DEFAULT.has(type);
    if (!allowed) return;
    const record: DeliveryRecord = {
      update_id: update.update_id,
      chat_id: chatId,
      type,
      status: 'pending',
      attempts: 0,
    };
    this.records.push(record);
    if (this.records.length > MAX_RECORDS) this.records.shift();
    const queue = this.queues.get(chatId) ?? [];
    queue.push({ update, record });
    this.queues.set(chatId, queue);
    this.kick(chatId);
  }

  /** Sets the webhook (or removes it, with undefined); waiting updates start to flow to a new one. */
  set(config: WebhookConfig | undefined): void {
    this.config = config;
    if (!config) return;
    this.lastError = undefined;
    for (const chatId of this.queues.keys()) this.kick(chatId);
  }

  /** drop_pending_updates. */
  dropPending(): void {
    for (const queue of this.queues.values()) {
      for (const item of queue) item.record.status = 'dropped';
      queue.length = 0;
    }
  }

  /** Resolves once no delivery is under way (updates with no webhook to go to just wait). */
  idle(): Promise<void> {
    if (this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) {
      clearTimeout(t.timer);
      t.resolve();
    }
  }

  private kick(chatId: number): void {
    if (!this.config || this.closed || this.running.has(chatId)) return;
    this.running.add(chatId);
    void this.pump(chatId).finally(() => {
      this.running.delete(chatId);
      if (this.running.size > 0) return;
      const waiters = this.waiters;
      this.waiters = [];
      for (const resolve of waiters) resolve();
    });
  }

  private async pump(chatId: number): Promise<void> {
    const queue = this.queues.get(chatId) ?? [];
    for (let item = queue[0]; item && this.config && !this.closed; item = queue[0]) {
      await this.deliver(item.update, item.record);
      // An update stays first while it waits for a webhook again (deleteWebhook while it was out);
      // dropPending may have emptied the queue, and new updates joined it, in the meantime.
      if (item.record.status !== 'pending' && queue[0] === item) queue.shift();
    }
  }

  private async deliver(update: Update, record: DeliveryRecord): Promise<void> {
    const { attempts, backoffMs } = this.options;
    for (let attempt = 1; attempt <= attempts && this.config && !this.closed; attempt++) {
      record.attempts = attempt;
      const failure = await this.post(update, this.config, record);
      if (failure === undefined) {
        record.status = 'delivered';
        return;
      }
      this.lastError = { date: Math.floor(this.options.now() / 1000), message: failure };
      if (attempt < attempts) await this.sleep(backoffMs * 2 ** (attempt - 1));
    }
    if (record.status === 'pending') record.status = 'failed';
  }

  /** One try; what went wrong, in getWebhookInfo's words, or undefined when the webhook took it. */
  private async post(update: Update, config: WebhookConfig, record: DeliveryRecord): Promise<string | undefined> {
    try {
      const res = await fetch(config.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.secretToken ? { 'x-telegram-bot-api-secret-token': config.secretToken } : {}),
        },
        body: JSON.stringify(update),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      await res.arrayBuffer();
      record.last = res.status;
      return res.ok ? undefined : `Wrong response from the webhook: ${res.status} ${res.statusText}`.trim();
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      const message = code === 'ECONNREFUSED' ? 'Connection refused' : (code ?? (error as Error).name);
      record.last = message;
      return message === 'TimeoutError' ? 'Read timeout expired' : message;
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = { timer: setTimeout(() => (this.timers.delete(entry), resolve()), ms), resolve };
      this.timers.add(entry);
    });
  }
}
