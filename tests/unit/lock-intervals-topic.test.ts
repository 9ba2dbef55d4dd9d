// The deploy step that makes the ingest service the only publisher of the intervals topic, run
// against a stand-in gcloud that records what it was asked (no Google project is reachable here).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runWithFakes } from './fakeCommands';

const script = fileURLToPath(new URL('../../scripts/deploy/lock-intervals-topic.sh', import.meta.url));

// A policy file argument is logged with its content, as it is gone afterwards.
const run = (...args: string[]) =>
  runWithFakes(script, args, {
    gcloud: 'for a in "$@"; do [ -f "$a" ] && cat "$a" >> "$(dirname "$0")/calls.log"; done\n',
  });

describe('lock-intervals-topic.sh', () => {
  it('sets the topic policy to the ingest account as its only publisher, then lists project-wide publishers', () => {
    const { status, log } = run('demo-proj', 'ingest@demo-proj.iam.gserviceaccount.com');
    expect(status).toBe(0);
    const [setCall, ...rest] = log.split('\n');
    expect(setCall).toMatch(/^gcloud pubsub topics set-iam-policy price-intervals \S+ --project demo-proj$/);
    const policy = JSON.parse(rest.join('\n').slice(0, rest.join('\n').indexOf('gcloud projects')));
    expect(policy).toEqual({
      bindings: [
        { role: 'roles/pubsub.publisher', members: ['serviceAccount:ingest@demo-proj.iam.gserviceaccount.com'] },
      ],
    });
    expect(log).toMatch(/gcloud projects get-iam-policy demo-proj .*roles\/pubsub\.publisher/);
  });

  it('refuses to run without the project and the account, and touches nothing', () => {
    const { status, stderr, log } = run('demo-proj');
    expect(status).not.toBe(0);
    expect(stderr).toContain('usage:');
    expect(log).toBe('');
  });
});
