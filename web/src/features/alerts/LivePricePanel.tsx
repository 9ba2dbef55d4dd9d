import {
  DEFAULT_PRICE_SIDE,
  PRICE_SIDES,
  PRICE_SIDE_LABELS,
  TOP_PAIRS,
  formatDateTime,
  formatPrice,
  sidePrice,
  type CurrencyPair,
  type LivePrice,
  type PriceSide,
} from '@price-alerts/domain';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { feedStatusAtom, livePricesAtom } from '../../shared/prices/atoms';
import { usePriceFeedClient } from '../../shared/prices/feed';
import './LivePricePanel.css';

const STATUS_TEXT = {
  disconnected: 'Live price feed disconnected.',
  connecting: 'Fetching live price...',
  error: 'Error fetching live price.',
} as const;

/**
 * Ask and bid of the chosen pair (and mid when chosen), with the side the alert is judged on emphasised and named
 * ('Judged on', and aria-current for assistive technology), then the update time.
 */
function LiveValues({ pair, price, side }: { pair: CurrencyPair; price: LivePrice; side: PriceSide }) {
  return (
    <dl className="live-values">
      {/* Mid only when the alert is judged on it: the spec's panel shows ask and bid. */}
      {PRICE_SIDES.filter((s) => s !== 'mid' || side === 'mid').map((s) => (
        <div key={s} className={s === side ? 'live-value judged' : 'live-value'} aria-current={s === side || undefined}>
          <dt>
            {PRICE_SIDE_LABELS[s]}
            {/* The space keeps 'Ask Judged on' two words for a screen reader; the tag is laid out apart. */}
            {s === side && (
              <>
                {' '}
                <span className="live-judged">Judged on</span>
              </>
            )}
          </dt>
          <dd>{formatPrice(pair, sidePrice(price, s))}</dd>
        </div>
      ))}
      <div className="live-updated">
        <dt>Updated</dt>
        <dd>{formatDateTime(new Date(price.timestamp))}</dd>
      </div>
    </dl>
  );
}

/** The live price of the chosen pair, which the feed follows while this is on screen. */
export function LivePricePanel({ pair, side = DEFAULT_PRICE_SIDE }: { pair: CurrencyPair | ''; side?: PriceSide }) {
  const status = useAtomValue(feedStatusAtom);
  const price = useAtomValue(livePricesAtom)[pair as CurrencyPair];
  const feed = usePriceFeedClient();
  useEffect(() => {
    if (!pair) return;
    feed.setPairs([...TOP_PAIRS, pair]);
    return () => feed.setPairs(TOP_PAIRS);
  }, [pair, feed]);
  if (!pair) return null;
  let body;
  if (status === 'disconnected' || status === 'connecting' || status === 'error') body = <p>{STATUS_TEXT[status]}</p>;
  else if (!price) body = <p>No live data available.</p>;
  else body = <LiveValues pair={pair} price={price} side={side} />;
  return (
    <section className="card live-panel" aria-label={`Live price of ${pair}`} aria-live="polite">
      {body}
    </section>
  );
}
