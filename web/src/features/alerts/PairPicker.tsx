import { ALERT_TYPES, CURRENCY_PAIRS, type AlertType, type CurrencyPair } from '@price-alerts/domain';
import { useState } from 'react';
import { Modal } from '../../shared/Modal';
import './PairPicker.css';

function ChoiceList<T extends string>({ items, onPick }: { items: readonly T[]; onPick: (item: T) => void }) {
  return (
    <ul className="choice-list">
      {items.map((item) => (
        <li key={item}>
          <button type="button" onClick={() => onPick(item)}>
            {item}
          </button>
        </li>
      ))}
    </ul>
  );
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
        <ChoiceList items={matches} onPick={onPick} />
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
  onPick: (t: AlertType) => void;
}) {
  return (
    <Modal open={open} onClose={onClose} labelledBy="type-picker-title">
      <h2 id="type-picker-title">Alert type</h2>
      <ChoiceList items={ALERT_TYPES} onPick={onPick} />
    </Modal>
  );
}
