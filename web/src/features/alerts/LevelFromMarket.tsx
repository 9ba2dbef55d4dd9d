import {
  LEVEL_OFFSETS_PERCENT,
  levelFromPercent,
  levelWarning,
  parseTriggerPrice,
  type AlertType,
  type CurrencyPair,
} from '@price-alerts/domain';
import { useAtomValue } from 'jotai';
import { livePricesAtom } from '../../shared/prices/atoms';
import './LevelFromMarket.css';

/**
 * Under the trigger price: offsets from the live ask that fill it in, and, before saving, a word
 * when the level would fire at the next price or sits far from the market. Nothing shows until a
 * pair is chosen and its live price is known.
 */
export function LevelFromMarket(props: {
  pair: CurrencyPair | '';
  type: AlertType | '';
  triggerPrice: string;
  onLevel: (level: string) => void;
}) {
  const { pair, type, triggerPrice, onLevel } = props;
  const ask = useAtomValue(livePricesAtom)[pair as CurrencyPair]?.ask;
  if (!pair || ask === undefined) return null;
  const level = parseTriggerPrice(triggerPrice);
  const warning = type && level !== undefined ? levelWarning(pair, type, level, ask) : null;
  return (
    <div className="level-from-market">
      <div className="level-offsets" role="group" aria-label="Set the level from the live price">
        {LEVEL_OFFSETS_PERCENT.map((percent) => (
          <button
            key={percent}
            type="button"
            className="level-offset"
            onClick={() => onLevel(levelFromPercent(pair, ask, percent))}
          >
            {percent > 0 ? `+${percent}%` : `${percent}%`}
          </button>
        ))}
      </div>
      {warning && (
        <p className="level-warning" role="status">
          {warning}
        </p>
      )}
    </div>
  );
}
