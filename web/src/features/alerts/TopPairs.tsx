import { TOP_PAIRS, formatPrice, type CurrencyPair } from '@price-alerts/domain';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { draftAtom } from './atoms';
import { livePricesAtom, priceTextAtom } from '../../shared/prices/atoms';
import { usePriceFeedClient } from '../../shared/prices/feed';
import './TopPairs.css';

/** What a pair's price cell reads: the feed-wide text if any, the ask, or 'Loading...'. */
export function usePriceLabel(pair: CurrencyPair): { label: string; ask: number | undefined } {
  const text = useAtomValue(priceTextAtom);
  const ask = useAtomValue(livePricesAtom)[pair]?.ask;
  if (text) return { label: text, ask: undefined };
  return ask === undefined ? { label: 'Loading...', ask } : { label: formatPrice(pair, ask), ask };
}

function PairCard({ pair }: { pair: CurrencyPair }) {
  const { label, ask } = usePriceLabel(pair);
  const setDraft = useSetAtom(draftAtom);
  const navigate = useNavigate();
  const feed = usePriceFeedClient();
  function open() {
    setDraft((draft) => ({
      ...draft,
      currencyPair: pair,
      triggerPrice: typeof ask === 'number' && Number.isFinite(ask) ? String(ask) : '',
    }));
    navigate('/create_alert');
  }
  return (
    <li className="pair-card">
      <button type="button" className="pair-open" onClick={open}>
        <span className="pair-name">{pair}</span>
        <span className="pair-ask" aria-live="off">
          {label}
        </span>
        <span className="pair-caption">Ask</span>
        <span className="visually-hidden">Create an alert</span>
      </button>
      <button type="button" className="pair-refresh" onClick={() => feed.reconnect()} aria-label={`Refresh ${pair}`}>
        <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20">
          <path
            fill="currentColor"
            d="M17.65 6.35A7.96 7.96 0 0 0 12 4a8 8 0 1 0 7.75 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4z"
          />
        </svg>
      </button>
    </li>
  );
}

export function TopPairs() {
  return (
    <section aria-labelledby="top-pairs-title" className="top-pairs">
      <h2 id="top-pairs-title">Top Currency Pairs</h2>
      <ul className="pair-grid">
        {TOP_PAIRS.map((pair) => (
          <PairCard key={pair} pair={pair} />
        ))}
      </ul>
    </section>
  );
}
