// What an engine may log as an error during the walk, and only where it is expected: each is a
// connection cut by the walk itself (a page left, the web server taken away), named per engine.
import type { Engine } from './engines';

/** With the web server out of reach, an engine logs the loads that failed; nothing else may be logged then. */
const OFFLINE_LOAD_FAILED =
  /Failed to load resource|NetworkError|net::ERR_|Could not connect|Load failed|network connection was lost|Failed to fetch|FetchEvent/i;

/**
 * The Firestore SDK, of a request to its backend that a page being left or frozen cut: the walk then
 * sees the data arrive on the next screen, which a real loss of the backend would stop.
 */
const FIRESTORE_CUT =
  /@firebase\/firestore: Firestore \([\d.]+\): Could not reach Cloud Firestore backend|This typically indicates that your device does not have a healthy Internet connection/;

/**
 * Per engine, the connections a page had open when it was left, logged as they are cut. Firefox logs
 * a price socket still opening (or cut as the page loads) and a response its service worker was still giving (the walk sees
 * every image drawn at its end); WebKit a price socket still opening, and, as it freezes a page in
 * its back/forward cache, each socket and each request to the emulators it cancels ('due to access control checks': WebKit tells a page
 * nothing more of another origin's failures, as Safari does for any app with live data).
 */
const LEFT_PAGE: Record<Engine, RegExp[]> = {
  chromium: [FIRESTORE_CUT],
  firefox: [
    FIRESTORE_CUT,
    /Firefox can’t establish a connection to the server at ws:\/\/127\.0\.0\.1:8091\/prices/,
    /The connection to ws:\/\/127\.0\.0\.1:8091\/prices was interrupted while the page was loading/,
    /Failed to load ‘[^’]+’\. A ServiceWorker intercepted the request and encountered an unexpected error/,
  ],
  webkit: [
    FIRESTORE_CUT,
    /WebSocket is closed due to suspension/,
    /WebSocket connection to 'ws:\/\/127\.0\.0\.1:8091\/prices' failed: WebSocket is closed before the connection is established/,
    /Fetch API cannot load http:\/\/127\.0\.0\.1:(8080|9099)\/\S+ due to access control checks/,
  ],
};

/** The errors of a walk that nothing the walk did explains: `offline` are those logged while the web server was away. */
export function unexplainedErrors(engine: Engine, all: string[], offline: string[]): string[] {
  const online = all.filter((line) => !offline.includes(line));
  return [
    ...online.filter((line) => !LEFT_PAGE[engine].some((cut) => cut.test(line))),
    ...offline.filter((line) => !OFFLINE_LOAD_FAILED.test(line) && !LEFT_PAGE[engine].some((cut) => cut.test(line))),
  ];
}
