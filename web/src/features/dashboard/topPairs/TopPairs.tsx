import { TOP_PAIRS, formatPrice, type CurrencyPair } from '@price-alerts/domain/common';
import { priceStatusWords } from '@price-alerts/domain/prices';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { draftAtom } from '../../../shared/draft';
import { PairTrend } from './PairTrend';
import { pairDayAtom } from '../../../shared/prices/atoms';
import { usePriceFeedClient } from '../../../shared/prices/feed';
import { TickingPrice } from '../../../shared/prices/TickingPrice';
import { usePairPrice } from '../../../shared/prices/usePairPrice';
import './TopPairs.css';

function PairCard({ pair }: { pair: CurrencyPair }) {
  const { text, status, now } = usePairPrice(pair);
  const ask = text || status.kind === 'none' ? undefined : status.price.ask;
  const label = text ?? (ask === undefined ? 'Loading...' : formatPrice(pair, ask));
  // Under the ask when the price is not live ('Market closed · Fri 21:59', 'Delayed · 45 s ago'); a
  // feed-wide text says it all alone.
  const words = text ? null : priceStatusWords(status, now);
  const day = useAtomValue(pairDayAtom(pair));
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
        {/* A price that is not live keeps its place but is muted, so it never reads as a live one. */}
        <span className={words ? 'pair-ask pair-ask-stale' : 'pair-ask'} aria-live="off">
          <TickingPrice value={ask} text={label} />
        </span>
        <span className="pair-caption">Ask</span>
        {/* A feed-wide text says it all alone: no change measured from a price it does not show. */}
        <PairTrend day={day} ask={text ? undefined : ask} />
        {words && (
          <span className={`pair-status pair-status-${status.kind}`}>
            {words.flag} · {/* On a narrow card the detail wraps whole, under the flag. */}
            <span className="pair-status-detail">{words.detail}</span>
          </span>
        )}
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
