// What Firebase Hosting sends with every path, as firebase.json declares it, and what the preview
// server sends for the local stack.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../scripts/lib/stack.mjs';
import { LAST_GREETING_SCRIPT_HASH } from '../../web/src/shared/firstPaint/build/lastGreetingScript';
import { EMULATOR_ORIGINS, extendCsp, hostingHeaders, previewHeaders } from '../../web/securityHeaders';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(';').map((d) => {
      const [name = '', ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );

describe('hosting headers (firebase.json)', () => {
  const headers = hostingHeaders(root);

  it.each([
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ])('sends %s: %s on every path', (key, value) => {
    expect(headers[key]).toBe(value);
  });

  it('sends a Permissions-Policy that turns off what the app never uses', () => {
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()'])
      expect(headers['Permissions-Policy']).toContain(feature);
  });

  it('sends a Content-Security-Policy that forbids framing, plugins and scripts from elsewhere', () => {
    const csp = directives(headers['Content-Security-Policy'] ?? '');
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['base-uri']).toEqual(["'self'"]);
  });

  it('allows the one inline script, the dashboard’s greeting, by its hash and nothing else inline', () => {
    const inline = (directives(headers['Content-Security-Policy'] ?? '')['script-src'] ?? []).filter((s) =>
      s.startsWith("'sha"),
    );
    // Changed web/src/shared/firstPaint/build/lastGreetingScript.ts? Put its new hash, printed here, in firebase.json's script-src.
    expect(inline).toEqual([LAST_GREETING_SCRIPT_HASH]);
  });

  // load-app.js has no hash in its name, and the pages' HTML is revalidated: it must be too.
  it('keeps the service worker and the prerendered pages’ loader uncached, and deploys no source maps', () => {
    const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as {
      hosting: { ignore: string[]; headers: { source: string; headers: { key: string; value: string }[] }[] };
    };
    expect(config.hosting.ignore).toContain('**/*.map');
    for (const file of ['/sw.js', '/load-app.js']) {
      const rule = config.hosting.headers.find((h) => h.source === file);
      expect(rule?.headers, file).toContainEqual({ key: 'Cache-Control', value: 'no-cache' });
    }
  });
});

describe('preview headers (the local stack)', () => {
  it('are production’s, with only the emulators’ origins added in emulator builds', () => {
    const production = hostingHeaders(root);
    const emulator = previewHeaders(root, 'emulator');
    expect(previewHeaders(root, 'production')).toEqual(production);
    expect({ ...emulator, 'Content-Security-Policy': '' }).toEqual({ ...production, 'Content-Security-Policy': '' });
    expect(emulator['Content-Security-Policy']).toBe(
      extendCsp(production['Content-Security-Policy'] ?? '', EMULATOR_ORIGINS),
    );
    expect(directives(emulator['Content-Security-Policy'] ?? '')['connect-src']).toContain('ws://127.0.0.1:8091');
  });
});
