import {
  ANY_ALERT_TYPES,
  CURRENCY_PAIRS,
  formatPrice,
  type AnyAlertType,
  type CurrencyPair,
} from '@price-alerts/domain/common';
import { ALERT_TYPE_HELP, PAIR_PICKER_NO_DATA } from '@price-alerts/domain/copy';
import { useId, useState, type ReactNode } from 'react';
import { Modal } from '../../shared/Modal';
import { useFollowPairs } from '../../shared/prices/useFollowPairs';
import { TickingPrice } from '../../shared/prices/TickingPrice';
import { usePairPrice } from '../../shared/prices/usePairPrice';
import './PairPicker.css';

/**
 * Each choice's button holds its item alone ('EUR/USD', 'Price reaching'), which is its name, and is
 * described by the detail beside it (the live price, what the type does): the name stays what a person
 * says to pick it, and stays the text shown on the button (WCAG 2.5.3). The button's tap area covers
 * the whole row (PairPicker.css), detail included.
 */
function ChoiceList<T extends string>({
  items,
  onPick,
  detail,
  stacked = false,
}: {
  items: readonly T[];
  onPick: (item: T) => void;
  detail: (item: T) => ReactNode;
  /** The detail on a line of its own under the name (a sentence rather than a price). */
  stacked?: boolean;
}) {
  const id = useId();
  return (
    <ul className={stacked ? 'choice-list choice-list-stacked' : 'choice-list'}>
      {items.map((item, i) => (
        <li key={item}>
          <button type="button" onClick={() => onPick(item)} aria-describedby={`${id}-${i}`}>
            {item}
          </button>
          <span id={`${id}-${i}`} className="choice-detail">
            {detail(item)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A pair's ask in the list, as the top cards show it: a feed-wide text wins, a price not live is
 * muted, and a pair the ticking feed has no price for says so rather than loading for ever.
 */
function PairChoice({ pair }: { pair: CurrencyPair }) {
  const { text, status } = usePairPrice(pair);
  const ask = text || status.kind === 'none' ? undefined : status.price.ask;
  const label = text ?? (ask === undefined ? PAIR_PICKER_NO_DATA : formatPrice(pair, ask));
  const muted = text !== null || status.kind !== 'live';
  return (
    <TickingPrice value={ask} text={label} className={muted ? 'choice-price choice-price-muted' : 'choice-price'} />
  );
}

/** Follows every pair while open, so each row shows its live price. */
function PairChoices({ matches, onPick }: { matches: readonly CurrencyPair[]; onPick: (p: CurrencyPair) => void }) {
  useFollowPairs(CURRENCY_PAIRS);
  return <ChoiceList items={matches} onPick={onPick} detail={(pair) => <PairChoice pair={pair} />} />;
}

export function PairPicker({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (p: CurrencyPair) => void;
}) {
  const [query, setQuery] = useState('');
  const needle = query.trim().toUpperCase().replace(/\s+/g, '');
  const matches = CURRENCY_PAIRS.filter((p) => p.includes(needle) || p.replace('/', '').includes(needle));
  return (
    <Modal open={open} onClose={onClose} labelledBy="pair-picker-title">
      <h2 id="pair-picker-title">Currency pair</h2>
      <input
        className="search"
        type="search"
        aria-label="Search for a pair"
        placeholder="Search for a pair"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {matches.length === 0 ? (
        <p className="muted">No matching pairs</p>
      ) : (
        <PairChoices matches={matches} onPick={onPick} />
      )}
    </Modal>
  );
}

export function TypePicker({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (t: AnyAlertType) => void;
}) {
  return (
    <Modal open={open} onClose={onClose} labelledBy="type-picker-title">
      <h2 id="type-picker-title">Alert type</h2>
      <ChoiceList items={ANY_ALERT_TYPES} onPick={onPick} detail={(type) => ALERT_TYPE_HELP[type]} stacked />
    </Modal>
  );
}
