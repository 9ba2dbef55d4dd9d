// Prints how many feed messages per second the domain codec parses on this machine.
// Run: npm run bench:codec
import { encodeSubscribed, encodeTick, parseFeedMessage, type FeedSession } from '@price-alerts/domain/prices';

const session: FeedSession = {
  mapping: {},
  order: ['name', 'ask', 'bid', 'time'],
  startTime: Date.now(),
  timeMult: 1000,
  sessionUid: 'bench',
};
const symbols = ['EURUSD', 'GBPUSD', 'AUDUSD', 'BTCUSD', 'USDJPY', 'XAUUSD'];
const messages = Array.from({ length: 10_000 }, (_, i) =>
  encodeTick(
    session,
    symbols[i % symbols.length] ?? 'EURUSD',
    1.08 + i * 1e-5,
    1.0799 + i * 1e-5,
    session.startTime + i,
  ),
);

function run(rounds: number): number {
  let ticks = 0;
  const started = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) {
    for (const raw of messages) if (parseFeedMessage(raw, session).type === 'tick') ticks += 1;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (ticks !== rounds * messages.length) throw new Error('a benchmark message failed to parse');
  return ticks / seconds;
}

run(20); // warm-up
const samples = [run(100), run(100), run(100)].sort((a, b) => a - b);
console.log(
  `codec: type 1 ticks parsed per second (median of 3 x 1,000,000): ${Math.round(samples[1] ?? 0).toLocaleString('en-US')}`,
);
const subscribed = encodeSubscribed(session);
const t0 = process.hrtime.bigint();
for (let i = 0; i < 100_000; i++) parseFeedMessage(subscribed, null);
console.log(
  `codec: type 0 messages parsed per second: ${Math.round(100_000 / (Number(process.hrtime.bigint() - t0) / 1e9)).toLocaleString('en-US')}`,
);
