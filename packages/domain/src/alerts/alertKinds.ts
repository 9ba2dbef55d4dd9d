import { ALERT_TYPES, MOVE_ALERT_TYPES } from '../common/constants.ts';
import type { Alert, MoveAlert } from '../store/appAlerts.ts';
import type { LevelAlert } from '../store/schemas.ts';

// Apart from appAlerts.ts, whose schemas would bring zod into every screen that lists alerts.

/** A level alert: one of the spec's three types, with a trigger price. */
export const isLevelAlert = (alert: Alert): alert is LevelAlert =>
  (ALERT_TYPES as readonly string[]).includes(alert.alertType);

/** A move alert (moveRules.ts): a threshold in per cent against a lookback or the day's open. */
export const isMoveAlert = (alert: Alert): alert is MoveAlert =>
  (MOVE_ALERT_TYPES as readonly string[]).includes(alert.alertType);
