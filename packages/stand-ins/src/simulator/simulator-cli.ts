// `npm start` runs this: the simulator as the local upstream rate service.
import { Simulator } from './simulator.ts';

const port = Number(process.env.SIMULATOR_PORT ?? 8090);
const apiKey = process.env.FEED_API_KEY ?? 'local-simulator-key';
const seed = Number(process.env.SIMULATOR_SEED ?? 42);
const tickIntervalMs = Number(process.env.SIMULATOR_TICK_MS ?? 250);
// Off unless asked for: until the app shows 'Market closed', a frozen weekend price would look live.
const marketHours = process.env.SIMULATOR_MARKET_HOURS === '1';
const openGapPercent = Number(process.env.SIMULATOR_OPEN_GAP_PERCENT ?? 0.3);

const sim = await Simulator.start({ port, apiKey, seed, tickIntervalMs, marketHours, openGapPercent });
console.log(`Simulator ready on ws://127.0.0.1:${sim.port} (control: http://127.0.0.1:${sim.port}/control/...)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void sim.close().then(() => process.exit(0)));
}
