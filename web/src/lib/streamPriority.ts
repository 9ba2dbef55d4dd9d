/**
 * Firestore's two streams at low fetch priority. The SDK receives every snapshot, and the answers to
 * its writes, over a hanging GET per stream (`…/Listen/channel` and `…/Write/channel`; a `fetch`, as it
 * uses fetch streams) that stays open as long as the stream does, at the browser's default High
 * priority. A request that never ends is not one a screen's first paint waits for: marked low, the
 * browser schedules the screen's own code, styles and images ahead of it, and a tool that waits for the
 * page's important requests to end (Lighthouse waits for a quiet moment without a High request in
 * flight) sees the load end instead of waiting out its 45 s limit on the live page (docs/first-paint.md).
 *
 * Only those GETs are touched: the POSTs that start and change a listen or carry a write stay as they
 * were. The SDK has no option for a request's priority, so the page's `fetch` is wrapped once, before
 * Firestore starts; every other request goes through with the very arguments it was given.
 */
const STREAM_CHANNEL = /\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/;

/** Whether a fetch of `input` with `init` is the hanging GET of one of Firestore's streams. */
export function isFirestoreStream(input: RequestInfo | URL, init?: RequestInit): boolean {
  const request = input instanceof Request ? input : undefined;
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  const url = new URL(request?.url ?? String(input), globalThis.location?.href);
  return method === 'GET' && STREAM_CHANNEL.test(url.pathname);
}

const wrapped = new WeakSet<typeof fetch>();

/** Wraps `target.fetch` (the page's by default) so that Firestore's streams ask for low priority. */
export function lowerStreamPriority(target: { fetch: typeof fetch } = globalThis): void {
  const original = target.fetch;
  if (typeof original !== 'function' || wrapped.has(original)) return;
  const lowered: typeof fetch = (input, init) =>
    isFirestoreStream(input, init)
      ? original.call(target, input, { ...init, priority: 'low' })
      : original.call(target, input, init);
  wrapped.add(lowered);
  target.fetch = lowered;
}
