import {
  RUNAWAY_PAUSE_TEXT,
  cancelReasonText,
  modelDetails,
  runawayPaused,
  snoozeEnd,
  snoozeReasonText,
} from '@price-alerts/domain/alerts';
import { type Alert } from '@price-alerts/domain/store';

/**
 * The details rows of the alert model beyond the spec (side, repeat, firings, expiry) and why the
 * server paused or cancelled it: <dt>/<dd> pairs for the sheet's list, worded in the domain.
 */
export function AlertModelRows({ alert }: { alert: Alert }) {
  const snoozed = snoozeEnd(alert);
  const reason = runawayPaused(alert)
    ? RUNAWAY_PAUSE_TEXT
    : snoozed !== undefined
      ? snoozeReasonText(snoozed)
      : cancelReasonText(alert);
  return (
    <>
      {modelDetails(alert).map(([label, value]) => (
        <Row key={label} label={label} value={value} />
      ))}
      {reason && <Row label="Reason" value={reason} className="details-reason" />}
    </>
  );
}

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className={className}>{value}</dd>
    </>
  );
}
