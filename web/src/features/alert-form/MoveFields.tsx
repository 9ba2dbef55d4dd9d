import { MOVE_DIRECTIONS, MOVE_LOOKBACK_MINUTES, type CurrencyPair } from '@price-alerts/domain/common';
import {
  MOVE_DIRECTION_LABELS,
  MOVE_LOOKBACK_LABELS,
  MOVE_PERCENT_OFFERS,
  draftMove,
  moveWarning,
  parseMovePercent,
  sidePrice,
} from '@price-alerts/domain/alerts';
import type { SeedPoint } from '@price-alerts/domain/prices';
import { MSG_MOVE_PERCENT, MOVE_SINCE_NOTE } from '@price-alerts/domain/copy';
import { type Draft } from '@price-alerts/domain/store';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { livePricesAtom } from '../../shared/prices/atoms';
import { ChoiceGroup } from './ChoiceGroup';
import './LevelFromMarket.css';

/**
 * A move type's fields, where a level type has its trigger price: the threshold in per cent (typed,
 * or one of the offers), the lookback of 'Moving up %' and 'Moving down %' or the direction of
 * 'Change on the day', what only prices from now on means, and a warning when the market has
 * already moved that far. The threshold's message shows under it once the field is left with
 * something wrong in it, or when the form is sent.
 */
export function MoveFields(props: {
  draft: Draft;
  stored: SeedPoint | undefined;
  /** The form was sent: show the threshold's message even before the field was left. */
  submitted: boolean;
  onChange: (patch: Partial<Draft>) => void;
}) {
  const { draft, stored, submitted, onChange } = props;
  const [left, setLeft] = useState(false);
  const live = useAtomValue(livePricesAtom)[draft.currencyPair as CurrencyPair];
  const percent = parseMovePercent(draft.movePercent);
  const typed = draft.movePercent.trim() !== '';
  const error = (left || submitted) && typed && percent === undefined ? MSG_MOVE_PERCENT : null;
  const day = draft.alertType === 'Change on the day';
  const move = draftMove(draft);
  const warning =
    move?.movePercent !== undefined && live
      ? moveWarning({ ...move, movePercent: move.movePercent }, stored, sidePrice(live, draft.priceSide))
      : null;
  return (
    <div className="level-from-market">
      <div className="field">
        <label htmlFor="move-percent">Move (%)</label>
        <input
          id="move-percent"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="1.5"
          value={draft.movePercent}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'move-percent-error move-since' : 'move-since'}
          onChange={(e) => onChange({ movePercent: e.target.value })}
          onBlur={() => setLeft(true)}
        />
        {error && (
          <p id="move-percent-error" className="field-error">
            {error}
          </p>
        )}
      </div>
      <div className="level-offsets" role="group" aria-label="Choose a move">
        {MOVE_PERCENT_OFFERS.map((offer) => (
          <button
            key={offer}
            type="button"
            className="level-offset"
            aria-pressed={percent === offer}
            onClick={() => onChange({ movePercent: String(offer) })}
          >
            {offer}%
          </button>
        ))}
      </div>
      {day ? (
        <ChoiceGroup
          legend="From the day’s open"
          name="direction"
          choices={MOVE_DIRECTIONS}
          labels={MOVE_DIRECTION_LABELS}
          value={draft.direction}
          onChange={(direction) => onChange({ direction })}
        />
      ) : (
        <ChoiceGroup
          legend="Within"
          name="lookback"
          choices={MOVE_LOOKBACK_MINUTES}
          labels={MOVE_LOOKBACK_LABELS}
          value={draft.lookbackMinutes}
          onChange={(lookbackMinutes) => onChange({ lookbackMinutes })}
        />
      )}
      <small id="move-since" className="model-hint">
        {MOVE_SINCE_NOTE(day)}
      </small>
      {warning && (
        <p className="level-warning" role="status">
          {warning}
        </p>
      )}
    </div>
  );
}
