import {
  COOLDOWN_LABELS,
  COOLDOWN_MINUTES,
  MAX_REARM_PERCENT,
  MIN_REARM_PERCENT,
  REPEAT_LABELS,
  REPEAT_MODES,
  type CooldownMinutes,
} from '@price-alerts/domain/alerts';
import { type Draft } from '@price-alerts/domain/store';
import { ChoiceGroup } from './ChoiceGroup';

type RepeatDraft = Pick<Draft, 'repeat' | 'cooldownMinutes' | 'rearmPercent'>;

/**
 * Once (the spec's alert) or every time; an every-time alert's two guards show only when chosen,
 * so with the default the form is as it was.
 */
export function RepeatFields({
  value,
  move = false,
  onChange,
}: {
  value: RepeatDraft;
  /** A move type: its re-arm distance is in points of per cent off the threshold (moveRules.ts). */
  move?: boolean;
  onChange: (patch: Partial<Draft>) => void;
}) {
  return (
    <div className="model-group">
      <ChoiceGroup
        legend="Repeat"
        name="repeat"
        choices={REPEAT_MODES}
        labels={REPEAT_LABELS}
        value={value.repeat}
        onChange={(repeat) => onChange({ repeat })}
      />
      {value.repeat === 'every' && (
        <div className="model-pair">
          <label className="field">
            <span>Cooldown</span>
            <select
              value={value.cooldownMinutes}
              onChange={(e) => onChange({ cooldownMinutes: Number(e.target.value) as CooldownMinutes })}
            >
              {COOLDOWN_MINUTES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {COOLDOWN_LABELS[minutes]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{move ? 'Re-arm distance (points)' : 'Re-arm distance (%)'}</span>
            <input
              type="number"
              inputMode="decimal"
              step="any"
              min={MIN_REARM_PERCENT}
              max={MAX_REARM_PERCENT}
              value={value.rearmPercent}
              aria-describedby="rearm-hint"
              onChange={(e) => onChange({ rearmPercent: e.target.value })}
            />
          </label>
          <small id="rearm-hint" className="model-hint">
            {move
              ? 'Fires again only after the move falls back this many points under your percentage.'
              : 'Fires again only after the price moves back this far past the level.'}
          </small>
        </div>
      )}
    </div>
  );
}
