/**
 * Each account's budget of webhook requests: WEBHOOK_BUDGET_PER_MINUTE a minute, firings and their
 * retries alike, so one account cannot turn our servers on a receiver that is not its own. It is a
 * generic cell rate (GCRA): a burst of the whole minute's budget goes at once, and after that one
 * request every 60 000 / budget ms. A request over the budget is not refused: it is given the next free
 * time (its slot) and waits for it, and since slots are handed out one after the other, what waits is
 * sent in the order it asked.
 */
import { z } from '../common/zod.ts';

/** A trader's burst (every alert of a news spike at once) fits; a flood aimed at someone else does not. */
export const WEBHOOK_BUDGET_PER_MINUTE = 60;

/** webhookBudgets/{uid}: the budget's theoretical arrival time (ms), server-only. */
export const webhookBudgetSchema = z.object({ tat: z.number() });
export type WebhookBudget = z.infer<typeof webhookBudgetSchema>;

/** The history's words after 'Webhook: held, ' for a request that waits for the budget. */
export const OVER_BUDGET = 'over the budget';

/**
 * When a request asked at `now` may go (`at`, `now` itself when the budget allows), and the budget's
 * state after it (`tat`). `tat` undefined: the account has sent nothing lately.
 */
export function webhookSlot(
  tat: number | undefined,
  now: number,
  perMinute: number = WEBHOOK_BUDGET_PER_MINUTE,
): { at: number; tat: number } {
  const interval = 60_000 / perMinute;
  const tolerance = 60_000 - interval;
  const start = Math.max(tat ?? now, now);
  return { at: Math.max(now, start - tolerance), tat: start + interval };
}
