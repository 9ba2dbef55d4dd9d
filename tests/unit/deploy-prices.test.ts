// The live-prices deploy, run against stand-ins for gcloud and npm that record what they were asked
// (no Google project is reachable here): every setting the split needs is in the script, not in prose.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runWithFakes } from './fakeCommands';

const script = fileURLToPath(new URL('../../scripts/deploy/deploy-prices.sh', import.meta.url));

function run(...args: string[]) {
  const result = runWithFakes(script, args, {
    // `services describe` answers with the service's URL, as gcloud does.
    gcloud: 'if [ "$2" = services ]; then echo "https://$4-abc-uc.a.run.app"; fi\n',
    npm: '',
  });
  return { ...result, calls: result.log.trim().split('\n') };
}

describe('deploy-prices.sh', () => {
  it('builds, deploys the ingest service as one instance, then the relays scaled at 1,000 sockets each, each from its own image', () => {
    const { status, stdout, calls } = run('demo-proj', 'us-central1', 'wss://rates.example/ws');
    expect(status).toBe(0);
    expect(calls[0]).toMatch(/^npm run build -w packages\/feed/);
    const ingest = calls.find((c) => c.startsWith('gcloud run deploy ingest')) ?? '';
    for (const flag of ['--min-instances 1', '--max-instances 1', '--no-cpu-throttling', '--timeout 3600'])
      expect(ingest).toContain(flag);
    expect(ingest).toMatch(/--source \S+\/packages\/feed\/dist\/ingest /);
    expect(ingest).toContain('RELAY_FEED_KEY=relay-feed-key:latest');
    expect(ingest).toContain('FEED_UPSTREAM_URL=wss://rates.example/ws');
    // Phones reach the relays only, never the one instance that holds the upstream.
    expect(ingest).toContain('INGEST_APP_SOCKETS=off');
    const relay = calls.find((c) => c.startsWith('gcloud run deploy relay')) ?? '';
    for (const flag of [
      '--concurrency 1000',
      '--timeout 3600',
      '--min-instances 1',
      '--max-instances 120',
      '--no-cpu-throttling',
      '--cpu 1',
      '--startup-probe httpGet.path=/health,periodSeconds=2,timeoutSeconds=1,failureThreshold=60',
    ])
      expect(relay).toContain(flag);
    expect(relay).toMatch(/--source \S+\/packages\/feed\/dist\/relay /);
    expect(relay).toContain('RELAY_FEED_URL=wss://ingest-abc-uc.a.run.app/feed');
    expect(relay).toContain('RELAY_SOCKET_LIFETIME_MS=3000000');
    expect(relay).toContain('RELAY_FEED_KEY=relay-feed-key:latest');
    expect(calls.indexOf(ingest)).toBeLessThan(calls.indexOf(relay));
    expect(stdout).toContain('VITE_PRICE_FEED_URL=wss://relay-abc-uc.a.run.app/prices');
  });

  it('takes the relays’ ceiling from its fourth argument', () => {
    const { calls } = run('demo-proj', 'europe-west1', 'wss://rates.example/ws', '300');
    expect(calls.find((c) => c.startsWith('gcloud run deploy relay'))).toContain('--max-instances 300');
  });

  it('refuses to run without the project, the region and the upstream, and touches nothing', () => {
    const { status, stderr, calls } = run('demo-proj', 'us-central1');
    expect(status).not.toBe(0);
    expect(stderr).toContain('usage:');
    expect(calls).toEqual(['']);
  });
});
