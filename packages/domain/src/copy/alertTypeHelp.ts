import type { AnyAlertType } from '../common/constants.ts';

/**
 * One line per alert type for the type picker, true to the evaluator (docs/alert-rules.md): judged on
 * the alert's side (Ask unless chosen), on prices seen after it became active; with Repeat 'Every
 * time' it fires again only after the price has gone back past the level by the re-arm distance.
 * A move type fires on its move (moveRules.ts), and again after the move falls back.
 */
export const ALERT_TYPE_HELP: Record<AnyAlertType, string> = {
  'Price reaching': 'Fires when the price touches your level from either side, a jump across it included.',
  'Price rising above': 'Fires on the first price at or above your level, at once if it is already there.',
  'Price dropping below': 'Fires on the first price at or below your level, at once if it is already there.',
  'Moving up %': 'Fires when the price has risen by your percentage from its lowest point in the time you choose.',
  'Moving down %': 'Fires when the price has fallen by your percentage from its highest point in the time you choose.',
  'Change on the day':
    'Fires when the price is your percentage above, or below, the trading day’s open (17:00 New York; crypto 00:00 UTC).',
};

/**
 * The pair picker's cell for a pair the feed, subscribed and ticking, has sent no price for (the
 * create panel says 'No live data available.'; a price-sized cell says it short). The feed-wide
 * texts ('Loading...', 'Error', 'Offline', '-') still win over it.
 */
export const PAIR_PICKER_NO_DATA = 'No data';
