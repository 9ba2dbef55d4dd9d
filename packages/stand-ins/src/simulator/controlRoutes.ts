import { describeIssues, type CurrencyPair } from '@price-alerts/domain/common';
import { currencyPairSchema } from '@price-alerts/domain/store';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { ClockSetting } from './marketClock.ts';

/**
 * HTTP control for demos and tests in other processes:
 *   POST /control/price {pair, ask}       force the ask price and tick it at once
 *   POST /control/jump {pair, percent}    move the price by a percentage in one tick
 *   POST /control/error {code, error}     send a type 7 or 9 error frame to every client
 *   POST /control/drop                    kill every connection abnormally
 *   POST /control/silence {silent, pairs?} stop or resume ticks and heartbeats; with pairs, only
 *                                         those pairs stop or resume ticking (the feed stays up);
 *                                         {silent: false} alone also resumes every stalled pair
 *   POST /control/clock {at | offsetMs, marketHours}
 *                                         move market time (ms since the epoch, or an offset from the
 *                                         wall clock) and/or turn market hours on or off; answers the
 *                                         clock's state. {} just reads it.
 *   GET  /health
 */
/** What the routes drive: the simulator (simulator.ts), named by what it does so neither imports the other. */
export interface Controlled {
  readonly clientCount: number;
  forceAsk(pair: CurrencyPair, ask: number): unknown;
  jump(pair: CurrencyPair, percent: number): unknown;
  sendError(code: '7' | '9', error: string): void;
  dropAll(): void;
  setSilent(silent: boolean, pairs?: readonly CurrencyPair[]): unknown;
  setClock(setting: ClockSetting): unknown;
}

type Handler = (sim: Controlled, body: unknown) => { status: number; body: unknown };

function route<S extends z.ZodType>(schema: S, act: (sim: Controlled, data: z.infer<S>) => unknown): Handler {
  return (sim, raw) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      return { status: 400, body: { error: describeIssues(parsed.error.issues, '(body)') } };
    }
    return { status: 200, body: act(sim, parsed.data) ?? { ok: true } };
  };
}

const routes: Record<string, Handler> = {
  '/control/price': route(z.object({ pair: currencyPairSchema, ask: z.number().finite().positive() }), (sim, d) =>
    sim.forceAsk(d.pair, d.ask),
  ),
  '/control/jump': route(z.object({ pair: currencyPairSchema, percent: z.number().finite().gt(-100) }), (sim, d) =>
    sim.jump(d.pair, d.percent),
  ),
  '/control/error': route(z.object({ code: z.enum(['7', '9']), error: z.string().min(1) }), (sim, d) =>
    sim.sendError(d.code, d.error),
  ),
  '/control/drop': route(z.object({}), (sim) => sim.dropAll()),
  '/control/silence': route(
    z.object({ silent: z.boolean(), pairs: z.array(currencyPairSchema).min(1).optional() }).strict(),
    (sim, d) => sim.setSilent(d.silent, d.pairs),
  ),
  '/control/clock': route(
    z
      .object({
        at: z.number().int().nonnegative().optional(),
        offsetMs: z.number().int().optional(),
        marketHours: z.boolean().optional(),
      })
      .strict()
      .refine((d) => d.at === undefined || d.offsetMs === undefined, 'give at or offsetMs, not both'),
    (sim, d) => sim.setClock(d),
  ),
};

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += chunk;
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function handleControl(sim: Controlled, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://simulator').pathname;
  if (req.method === 'GET' && path === '/health') return reply(res, 200, { ok: true, clients: sim.clientCount });
  const handler = routes[path];
  if (!handler || req.method !== 'POST') return reply(res, 404, { error: `No route ${req.method} ${path}` });
  const body = await readJson(req);
  if (body === undefined) return reply(res, 400, { error: 'The body is not JSON' });
  const result = handler(sim, body);
  reply(res, result.status, result.body);
}
