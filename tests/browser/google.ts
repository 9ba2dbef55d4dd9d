// Google's gapi loader from apis.google.com, which the Firebase SDK and the Auth emulator's helper
// iframe need, cannot be downloaded by tests: a small stand-in (fixtures/gapi-stub.js) is served in
// its place.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';

const GAPI_STUB = readFileSync(join(import.meta.dirname, 'fixtures', 'gapi-stub.js'), 'utf8');

export async function offlineGoogle(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: GAPI_STUB }),
  );
  // The emulator's account chooser styles itself from CDNs; without them it still works.
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) => route.abort());
}
