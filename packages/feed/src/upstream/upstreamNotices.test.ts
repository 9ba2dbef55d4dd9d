// The order of what the app is told when the upstream comes back: the outage is cleared before the
// resync, so a relay answering every client afresh (possibly at a flush between two feed frames)
// never ends that answer with the old outage error.
import { describe, expect, it } from 'vitest';
import { recordingLogger } from '../shared/log.ts';
import { UpstreamNotices, type NoticeTarget } from './upstreamNotices.ts';

describe('UpstreamNotices', () => {
  it('clears the outage, then resyncs, when the upstream is back after an announced outage', () => {
    const calls: string[] = [];
    const target: NoticeTarget = {
      broadcast: () => calls.push('broadcast'),
      setOutage: (message) => calls.push(message ? 'outage' : 'outage cleared'),
      resync: () => calls.push('resync'),
    };
    let now = 0;
    const notices = new UpstreamNotices({ relay: target, graceMs: 0, log: recordingLogger(), now: () => now });
    notices.status('subscribed');
    notices.error('7', 'Provider hiccup');
    now += 1_000;
    notices.status('subscribed');
    expect(calls).toEqual(['outage cleared', 'broadcast', 'outage cleared', 'resync']);
  });
});
