/**
 * Firestore's two streams at low fetch priority. The SDK receives every snapshot, and the answers to
 * its writes, over a hanging GET per stream (`…/Listen/channel` and `…/Write/channel`; a `fetch`, as it
 * uses fetch streams) that stays open as long as the stream does, at the browser's default High
 * priority. Such a request is a long-lived connection, like a WebSocket or an EventSource, which
 * browsers' and tools' notions of a page's load leave out; Firestore's looks like any other fetch, so
 * it is marked here for what it is. Lighthouse, for one, ends a load only once no High request has been
 * in flight for a while, so with the stream at High it waited out its 45 s limit on the live page
 * (docs/signed-in-reload.md). The app's own files come from another origin, so none of them queue behind it.
 *
 * Only those GETs are touched: the POSTs that start and change a listen or carry a write stay as they
 * were. The SDK has no option for a request's priority, so the page's `fetch` is wrapped once, before
 * Firestore starts; every other request goes through with the very arguments it was given.
 */
const STREAM_CHANNEL = /\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/;

/** Whether a fetch of `input` with `init` is the hanging GET of one of Firestore's streams. */
export function isFirestoreStream(input: RequestInfo | URL, init?: RequestInit): boolean {
  try {
    const request = input instanceof Request ? input : undefined;
    const method = String(init?.method ?? request?.method ?? 'GET').toUpperCase();
    if (method !== 'GET') return false;
    return STREAM_CHANNEL.test(new URL(request?.url ?? String(input), globalThis.location?.href).pathname);
  } catch {
    // What fetch itself would refuse is left for fetch to refuse: a rejected promise, not a throw.
    return false;
  }
}

// On the wrapper itself, so that a second copy of this module (a hot reload) does not wrap it again.
const WRAPPED = Symbol.for('price-alerts.streamPriority');

/** Wraps `target.fetch` (the page's by default) so that Firestore's streams ask for low priority. */
export function lowerStreamPriority(target: { fetch: typeof fetch } = globalThis): void {
  const original = target.fetch as typeof fetch & { [WRAPPED]?: true };
  if (typeof original !== 'function' || original[WRAPPED]) return;
  const lowered: typeof fetch = (input, init) =>
    isFirestoreStream(input, init)
      ? original.call(target, input, { ...init, priority: 'low' })
      : original.call(target, input, init);
  target.fetch = Object.assign(lowered, { [WRAPPED]: true as const });
}
