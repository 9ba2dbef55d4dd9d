/**
 * The security headers Firebase Hosting sends (firebase.json), for the preview server too, so the
 * local stack and its browser tests run under the same policy as production. Emulator builds talk
 * to the emulators and the local relay instead of Google's hosts and Cloud Run: those origins are
 * added to connect-src and frame-src, and nothing else changes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface HostingHeader {
  source: string;
  headers: { key: string; value: string }[];
}

export const EMULATOR_ORIGINS = {
  'connect-src': ['http://127.0.0.1:9099', 'http://127.0.0.1:8080', 'http://127.0.0.1:5001', 'ws://127.0.0.1:8091'],
  'frame-src': ['http://127.0.0.1:9099'],
} as const;

/** The headers firebase.json sends on every path ("**"). */
export function hostingHeaders(root: string): Record<string, string> {
  const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as {
    hosting: { headers: HostingHeader[] };
  };
  const all = config.hosting.headers.find((h) => h.source === '**');
  if (!all) throw new Error('firebase.json: hosting.headers has no "**" entry');
  return Object.fromEntries(all.headers.map((h) => [h.key, h.value]));
}

/** Adds sources to directives of a Content-Security-Policy. */
export function extendCsp(policy: string, extra: Readonly<Record<string, readonly string[]>>): string {
  return policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((directive) => {
      const name = directive.split(/\s+/)[0] ?? '';
      const more = extra[name];
      return more ? `${directive} ${more.join(' ')}` : directive;
    })
    .join('; ');
}

/** What the preview server sends: production's headers, with the emulators' origins in emulator builds. */
export function previewHeaders(root: string, mode: string): Record<string, string> {
  const headers = hostingHeaders(root);
  const csp = headers['Content-Security-Policy'];
  if (mode === 'emulator' && csp) headers['Content-Security-Policy'] = extendCsp(csp, EMULATOR_ORIGINS);
  return headers;
}
