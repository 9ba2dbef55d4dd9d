// The price services' images: each bundle names only the Google libraries it imports, so the relay's
// image installs no Pub/Sub client, and no stand-in is ever bundled.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const feed = join(import.meta.dirname, '..', '..', 'packages', 'feed');
const manifest = (service: string) =>
  JSON.parse(readFileSync(join(feed, 'dist', service, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };

describe('npm run build -w packages/feed', () => {
  it('gives the ingest service and the relay an image each, holding only what each runs', () => {
    const built = spawnSync(process.execPath, ['build.mjs'], { cwd: feed, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    expect(Object.keys(manifest('ingest').dependencies)).toEqual(['@google-cloud/pubsub', 'firebase-admin']);
    expect(Object.keys(manifest('relay').dependencies)).toEqual(['firebase-admin']);
    for (const service of ['ingest', 'relay']) {
      const bundle = readFileSync(join(feed, 'dist', service, 'index.mjs'), 'utf8');
      // The simulator's and the balancer's own words never reach an image.
      expect(bundle).not.toContain('class Simulator');
      expect(bundle).not.toContain('startRelayBalancer');
      expect(readFileSync(join(feed, 'dist', service, 'Dockerfile'), 'utf8')).toContain(
        'CMD ["node", "--enable-source-maps", "index.mjs"]',
      );
    }
  });
});
