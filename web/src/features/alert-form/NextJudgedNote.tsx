import { type CurrencyPair } from '@price-alerts/domain/common';
import { nextJudgedText, nextOpen } from '@price-alerts/domain/prices';
import { usePairPrice } from '../../shared/prices/usePairPrice';

/**
 * On a closed market, when the alert being made will first be judged: 'The market is closed. This
 * alert will first be judged when it opens, Sun 22:00 (in 1 d 4 h).' Before the pair's first price
 * the schedule alone decides. Not a live region: the countdown changes every second, and the sentence
 * is read where it stands in the form.
 */
function Note({ pair }: { pair: CurrencyPair }) {
  const { status, now } = usePairPrice(pair);
  const opensAt = status.kind === 'closed' ? status.opensAt : status.kind === 'none' ? nextOpen(pair, now) : undefined;
  if (opensAt === undefined) return null;
  return <p className="market-note">{nextJudgedText(opensAt, now)}</p>;
}

export function NextJudgedNote({ pair }: { pair: CurrencyPair | '' }) {
  return pair ? <Note pair={pair} /> : null;
}
