import { NOTE_MAX_LENGTH, PRICE_SIDES, type AlertType } from '@price-alerts/domain/common';
import { PRICE_SIDE_LABELS, draftMove, validateDraft } from '@price-alerts/domain/alerts';
import { type Draft } from '@price-alerts/domain/store';
import { useEffect, useState, type FormEvent } from 'react';
import { preloadChart } from '../../shared/chart/ChartPanel';
import { AlertChart } from './AlertChart';
import { ChoiceGroup } from './ChoiceGroup';
import { NotifyFields } from './NotifyFields';
import { ExpiryField } from './ExpiryField';
import { LevelFromMarket } from './LevelFromMarket';
import { LivePricePanel } from './LivePricePanel';
import { MoveFields } from './MoveFields';
import { useStoredMoves } from './useStoredMoves';
import { NextJudgedNote } from './NextJudgedNote';
import { PairPicker, TypePicker } from './PairPicker';
import { RepeatFields } from './RepeatFields';
import { FormError } from '../../shared/forms';
import './AlertForm.css';

/** A field whose value is chosen in a modal; its name reads as label plus current value. */
function SelectField(props: { id: string; label: string; value: string; placeholder: string; onOpen: () => void }) {
  const { id, label, value, placeholder, onOpen } = props;
  return (
    <div className="field">
      <span id={`${id}-label`}>{label}</span>
      <button type="button" className="select" aria-labelledby={`${id}-label ${id}-value`} onClick={onOpen}>
        <span id={`${id}-value`}>{value || placeholder}</span>
      </button>
    </div>
  );
}

/** The create and edit form; the parent owns the draft, so nothing typed is lost on a failure. */
export function AlertForm({
  draft,
  onChange,
  onSubmit,
  submitLabel,
  busy,
  note = null,
  alertId,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  onSubmit: () => void;
  submitLabel: string;
  busy: boolean;
  /** Why a complete draft was not sent (offline), shown where a missing field would be. */
  note?: string | null;
  /** The alert being edited: the chart draws the pair's other levels, not this one twice. */
  alertId?: string | undefined;
}) {
  const [picker, setPicker] = useState<'pair' | 'type' | null>(null);
  // What is missing shows above the button, where the user is looking, rather than in a toast over
  // the form; it follows each change until the draft is complete.
  const [problem, setProblem] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const prefs = draft.notificationPreferences;
  // A move type's threshold stands where a level's trigger price does (moveRules.ts).
  const move = draftMove(draft);
  const stored = useStoredMoves(draft.currencyPair, draft.priceSide, move);
  // The chart's code is fetched as the form opens, so choosing a pair shows the chart without waiting for it.
  useEffect(preloadChart, []);
  const change = (next: Draft) => {
    onChange(next);
    if (problem === null) return;
    const result = validateDraft(next, true);
    setProblem(result.ok ? null : result.message);
  };
  const patch = (fields: Partial<Draft>) => change({ ...draft, ...fields });
  const setPrefs = (changes: Partial<Draft['notificationPreferences']>) =>
    patch({ notificationPreferences: { ...prefs, ...changes } });
  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const result = validateDraft(draft, true);
    setProblem(result.ok ? null : result.message);
    if (result.ok) onSubmit();
  }
  return (
    <form className="form" onSubmit={submit} noValidate>
      <SelectField
        id="pair"
        label="Currency pair"
        value={draft.currencyPair}
        placeholder="Choose a pair"
        onOpen={() => setPicker('pair')}
      />
      <SelectField
        id="type"
        label="Alert type"
        value={draft.alertType}
        placeholder="Choose a type"
        onOpen={() => setPicker('type')}
      />
      <ChoiceGroup
        legend="Judge on"
        name="priceSide"
        choices={PRICE_SIDES}
        labels={PRICE_SIDE_LABELS}
        value={draft.priceSide}
        onChange={(priceSide) => patch({ priceSide })}
      />
      <AlertChart
        draft={draft}
        move={move}
        stored={stored}
        alertId={alertId}
        onLevel={(triggerPrice) => patch({ triggerPrice })}
      />
      {move ? (
        <MoveFields draft={draft} stored={stored} submitted={submitted} onChange={patch} />
      ) : (
        <>
          <label className="field">
            <span>Trigger price</span>
            <input
              type="number"
              inputMode="decimal"
              step="any"
              min="0"
              value={draft.triggerPrice}
              onChange={(e) => patch({ triggerPrice: e.target.value })}
            />
          </label>
          <LevelFromMarket
            pair={draft.currencyPair}
            type={draft.alertType as AlertType | ''}
            side={draft.priceSide}
            triggerPrice={draft.triggerPrice}
            onLevel={(triggerPrice) => patch({ triggerPrice })}
          />
        </>
      )}
      <LivePricePanel
        pair={draft.currencyPair}
        side={draft.priceSide}
        move={move ? { shape: move, stored } : undefined}
      />
      <NextJudgedNote pair={draft.currencyPair} />
      <NotifyFields prefs={prefs} onChange={setPrefs} />
      <RepeatFields value={draft} move={move !== null} onChange={patch} />
      <ExpiryField value={draft} onChange={patch} />
      <label className="field">
        <span>Note (optional)</span>
        <input
          type="text"
          maxLength={NOTE_MAX_LENGTH}
          value={draft.note}
          placeholder="Why this level matters"
          aria-describedby="note-count"
          onChange={(e) => patch({ note: e.target.value })}
        />
      </label>
      <small id="note-count" className="field-count">
        {draft.note.length}/{NOTE_MAX_LENGTH}
      </small>
      <FormError message={problem ?? note} />
      <button className="button button-primary" type="submit" disabled={busy}>
        {submitLabel}
      </button>
      <PairPicker
        open={picker === 'pair'}
        onClose={() => setPicker(null)}
        onPick={(currencyPair) => {
          patch({ currencyPair });
          setPicker(null);
        }}
      />
      <TypePicker
        open={picker === 'type'}
        onClose={() => setPicker(null)}
        onPick={(alertType) => {
          patch({ alertType });
          setPicker(null);
        }}
      />
    </form>
  );
}
