import { type Draft } from '@price-alerts/domain';
import { useState, type FormEvent } from 'react';
import { LivePricePanel } from './LivePricePanel';
import { PairPicker, TypePicker } from './PairPicker';

/** The create and edit form; the parent owns the draft, so nothing typed is lost on a failure. */
export function AlertForm({
  draft,
  onChange,
  onSubmit,
  submitLabel,
  busy,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  onSubmit: () => void;
  submitLabel: string;
  busy: boolean;
}) {
  const [picker, setPicker] = useState<'pair' | 'type' | null>(null);
  const prefs = draft.notificationPreferences;
  const setPrefs = (patch: Partial<Draft['notificationPreferences']>) =>
    onChange({ ...draft, notificationPreferences: { ...prefs, ...patch } });
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="field">
        <span id="pair-label">Currency pair</span>
        <button
          type="button"
          className="select"
          aria-labelledby="pair-label pair-value"
          onClick={() => setPicker('pair')}
        >
          <span id="pair-value">{draft.currencyPair || 'Choose a pair'}</span>
        </button>
      </div>
      <div className="field">
        <span id="type-label">Alert type</span>
        <button
          type="button"
          className="select"
          aria-labelledby="type-label type-value"
          onClick={() => setPicker('type')}
        >
          <span id="type-value">{draft.alertType || 'Choose a type'}</span>
        </button>
      </div>
      <label className="field">
        <span>Trigger price</span>
        <input
          type="number"
          inputMode="decimal"
          step="any"
          min="0"
          value={draft.triggerPrice}
          onChange={(e) => onChange({ ...draft, triggerPrice: e.target.value })}
        />
      </label>
      <LivePricePanel pair={draft.currencyPair} />
      <fieldset className="checks">
        <legend>Notify me by</legend>
        <label>
          <input type="checkbox" checked={prefs.email} onChange={(e) => setPrefs({ email: e.target.checked })} />
          Send email
        </label>
        <label>
          <input type="checkbox" checked={prefs.push} onChange={(e) => setPrefs({ push: e.target.checked })} />
          Push notifications
        </label>
      </fieldset>
      <button className="button button-primary" type="submit" disabled={busy}>
        {submitLabel}
      </button>
      <PairPicker
        open={picker === 'pair'}
        onClose={() => setPicker(null)}
        onPick={(currencyPair) => {
          onChange({ ...draft, currencyPair });
          setPicker(null);
        }}
      />
      <TypePicker
        open={picker === 'type'}
        onClose={() => setPicker(null)}
        onPick={(alertType) => {
          onChange({ ...draft, alertType });
          setPicker(null);
        }}
      />
    </form>
  );
}
