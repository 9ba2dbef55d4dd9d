import { EXPIRY_CHOICES, EXPIRY_LABELS, localDateTimeValue, type ExpiryChoice } from '@price-alerts/domain/alerts';
import { type Draft } from '@price-alerts/domain/store';
import { useState } from 'react';

/** When the alert ends if it has not fired: never by default; 'On a date' asks for the date and time. */
export function ExpiryField({
  value,
  onChange,
}: {
  value: Pick<Draft, 'expiry' | 'expiryDate'>;
  onChange: (patch: Partial<Draft>) => void;
}) {
  // The picker offers no time before the screen opened; validation refuses one past by saving time.
  const [earliest] = useState(() => localDateTimeValue(Date.now()));
  return (
    <div className="model-group">
      <label className="field">
        <span>Expires</span>
        <select value={value.expiry} onChange={(e) => onChange({ expiry: e.target.value as ExpiryChoice })}>
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {EXPIRY_LABELS[choice]}
            </option>
          ))}
        </select>
      </label>
      {value.expiry === 'date' && (
        <label className="field">
          <span>Expiry date and time</span>
          <input
            type="datetime-local"
            min={earliest}
            value={value.expiryDate}
            onChange={(e) => onChange({ expiryDate: e.target.value })}
          />
        </label>
      )}
    </div>
  );
}
