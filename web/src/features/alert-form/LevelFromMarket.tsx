import { type AlertType, type CurrencyPair, type PriceSide } from '@price-alerts/domain/common';
import {
  LEVEL_OFFSETS_PERCENT,
  levelFromPercent,
  levelWarning,
  parseLevelPercent,
  parseTriggerPrice,
  sidePrice,
} from '@price-alerts/domain/alerts';
import { MSG_LEVEL_PERCENT } from '@price-alerts/domain/copy';
import { useAtomValue } from 'jotai';
import { useState, type KeyboardEvent } from 'react';
import { livePricesAtom } from '../../shared/prices/atoms';
import './LevelFromMarket.css';

/**
 * Under the trigger price: offsets from the live price on the chosen side that fill it in (offered
 * or typed), and, before saving, a word when the level would fire at the next price or sits far
 * from the market. Nothing shows until a pair is chosen and its live price is known.
 */
export function LevelFromMarket(props: {
  pair: CurrencyPair | '';
  type: AlertType | '';
  side: PriceSide;
  triggerPrice: string;
  onLevel: (level: string) => void;
}) {
  const { pair, type, side, triggerPrice, onLevel } = props;
  const live = useAtomValue(livePricesAtom)[pair as CurrencyPair];
  const [typed, setTyped] = useState('');
  const [typedInvalid, setTypedInvalid] = useState(false);
  if (!pair || live === undefined) return null;
  const price = sidePrice(live, side);
  const level = parseTriggerPrice(triggerPrice);
  const warning = type && level !== undefined ? levelWarning(pair, type, level, price) : null;

  function applyTyped() {
    const percent = parseLevelPercent(typed);
    setTypedInvalid(percent === undefined);
    if (percent !== undefined && pair) onLevel(levelFromPercent(pair, price, percent));
  }
  // Enter applies the percentage here instead of submitting the whole form.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    applyTyped();
  }

  return (
    <div className="level-from-market">
      <div className="level-offsets" role="group" aria-label="Set the level from the live price">
        {LEVEL_OFFSETS_PERCENT.map((percent) => (
          <button
            key={percent}
            type="button"
            className="level-offset"
            onClick={() => onLevel(levelFromPercent(pair, price, percent))}
          >
            {percent > 0 ? `+${percent}%` : `${percent}%`}
          </button>
        ))}
      </div>
      <div className="level-typed">
        <label htmlFor="level-percent">or type %</label>
        <input
          id="level-percent"
          type="number"
          step="any"
          placeholder="0.3"
          value={typed}
          aria-invalid={typedInvalid}
          aria-describedby={typedInvalid ? 'level-percent-error' : undefined}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="level-offset" onClick={applyTyped}>
          Apply
        </button>
      </div>
      {typedInvalid && (
        <p id="level-percent-error" className="level-typed-error">
          {MSG_LEVEL_PERCENT}
        </p>
      )}
      {warning && (
        <p className="level-warning" role="status">
          {warning}
        </p>
      )}
    </div>
  );
}
