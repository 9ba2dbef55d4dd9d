import { CURRENCY_PAIRS, formatDateTime, formatPrice, pairDecimals } from '@price-alerts/domain/common';

/** Runs `step` when the main thread is next idle; in the next task where idle callbacks are missing (Safari). */
export type IdleScheduler = (step: () => void) => void;

const whenIdle: IdleScheduler = (step) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(step, { timeout: 1_000 });
  else setTimeout(step, 0);
};

// One pair per number of decimals: formatPrice keeps one formatter per count.
const PRICE_SAMPLES = [...new Map(CURRENCY_PAIRS.map((pair) => [pairDecimals(pair), pair])).values()];

let started = false;

/**
 * Builds the date and price formatters the signed-in screens use, one per idle moment, while the
 * screen still waits for the session and its documents. The first Intl formatter of a page loads
 * the locale's data: in a traced dashboard load it took 11 ms inside the render that first showed
 * the alert list (and the first price format 4 ms more), a render a phone's slower CPU makes long.
 * Once per page; the formatters are kept by the functions that use them (dates.ts, constants.ts).
 */
export function warmFormatters(schedule: IdleScheduler = whenIdle): void {
  if (started) return;
  started = true;
  const steps = [() => formatDateTime(Date.now()), ...PRICE_SAMPLES.map((pair) => () => formatPrice(pair, 1))];
  const next = () => {
    steps.shift()?.();
    if (steps.length) schedule(next);
  };
  schedule(next);
}
