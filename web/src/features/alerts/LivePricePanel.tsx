import { TOP_PAIRS, formatDateTime, formatPrice, type CurrencyPair } from '@price-alerts/domain';
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

/** Ask, bid and update time of the chosen pair, which the feed follows while this is on screen. */
export function LivePricePanel({ pair }: { pair: CurrencyPair | '' }) {
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
  else
    body = (
      <dl className="live-values">
        <dt>Ask</dt>
        <dd>{formatPrice(pair, price.ask)}</dd>
        <dt>Bid</dt>
        <dd>{formatPrice(pair, price.bid)}</dd>
        <dt>Updated</dt>
        <dd>{formatDateTime(new Date(price.timestamp))}</dd>
      </dl>
    );
  return (
    <section className="card live-panel" aria-label={`Live price of ${pair}`} aria-live="polite">
      {body}
    </section>
  );
}
