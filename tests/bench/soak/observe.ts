// What reached the outside during the soak, counted per alert: each email at the mail sink and each
// webhook at the webhook sink (polled often, since the sinks keep only their latest), each push the
// local push channel stored; and app sockets through the relay balancer, reconnecting when cut.
import { relayProtocols } from '@price-alerts/domain/prices';
import type { Firestore } from 'firebase-admin/firestore';

/** Counts per alert id: the ids this soak makes all start with `prefix`. */
export class Arrivals {
  readonly emails = new Map<string, number>();
  readonly webhooks = new Map<string, number>();
  readonly #seenMail = new Set<number>();
  readonly #seenHook = new Set<number>();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    readonly prefix: string,
    readonly mailSink: string,
    readonly webhookSink: string,
  ) {}

  start(): void {
    this.#timer = setInterval(() => void this.poll(), 1_500);
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.poll();
  }

  async poll(): Promise<void> {
    const get = async <T>(url: string): Promise<T[]> =>
      fetch(url).then(
        (r) => (r.ok ? (r.json() as Promise<T[]>) : []),
        () => [],
      );
    const ids = new RegExp(`${this.prefix}[a-z]\\d+`, 'g');
    for (const mail of await get<{ id: number; text?: string }>(`${this.mailSink}/api/mails`)) {
      if (this.#seenMail.has(mail.id)) continue;
      this.#seenMail.add(mail.id);
      for (const id of new Set(mail.text?.match(ids) ?? [])) this.emails.set(id, (this.emails.get(id) ?? 0) + 1);
    }
    for (const hook of await get<{ id: number; event?: string; body: string }>(`${this.webhookSink}/api/hooks`)) {
      if (this.#seenHook.has(hook.id) || hook.event !== 'alert.fired') continue;
      this.#seenHook.add(hook.id);
      const alertId = (JSON.parse(hook.body) as { alertId?: string }).alertId ?? '';
      this.webhooks.set(alertId, (this.webhooks.get(alertId) ?? 0) + 1);
    }
  }
}

/** Pushes the local channel stored, per alert id, for these accounts. */
export async function pushesByAlert(db: Firestore, uids: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let i = 0; i < uids.length; i += 20) {
    const snaps = await Promise.all(uids.slice(i, i + 20).map((uid) => db.collection(`users/${uid}/localPush`).get()));
    for (const doc of snaps.flatMap((s) => s.docs)) {
      const alertId = String(doc.get('payload.data.alertId') ?? '');
      counts.set(alertId, (counts.get(alertId) ?? 0) + 1);
    }
  }
  return counts;
}

/** An app's price socket through the balancer: counts ticks and comes back a second after each close. */
export class AppSocket {
  frames = 0;
  reconnects = 0;
  #socket: WebSocket | undefined;
  #stopped = false;

  constructor(
    readonly url: string,
    readonly idToken: string,
    readonly subscribe: string,
  ) {}

  /** Node's own WebSocket, as a browser's: the app's socket is a browser's. */
  open(): void {
    const socket = new WebSocket(this.url, relayProtocols(this.idToken));
    this.#socket = socket;
    socket.onopen = () => socket.send(this.subscribe);
    socket.onmessage = () => (this.frames += 1);
    socket.onclose = () => {
      if (this.#stopped) return;
      this.reconnects += 1;
      setTimeout(() => this.open(), 1_000);
    };
  }

  close(): void {
    this.#stopped = true;
    this.#socket?.close();
  }
}
