/**
 * The dashboard's and the full alert lists' own texts (the spec shows no wording for
 * them), shared by the screens and their tests.
 */
import type { AlertStatus } from '../common/constants.ts';

/** How many alerts a full list ('See all') loads at a time. */
export const ALERT_PAGE_SIZE = 20;

export const DASHBOARD_TEXT = {
  offline: 'You are offline. Showing the last known alerts.',
  seeAll: 'See all',
  loadMore: 'Load more',
  allActiveTitle: 'Active alerts',
  allPreviousTitle: 'Previous alerts',
  /** A full list's failure, in place of its rows (the spec's toasts are the dashboard's). */
  listFailed: 'Could not load your alerts. Check your connection and try again.',
  retry: 'Try again',
  /** Offline, changes wait: the sheet's actions are disabled and the form does not submit. */
  offlineChanges: 'You are offline. Changes can be made when you are back online.',
  /** /edit_alert of an alert that has ended: what is true, instead of 'missing'. */
  notEditable: (status: Extract<AlertStatus, 'triggered' | 'cancelled'>) =>
    `This alert has been ${status} and can no longer be edited. It stays in your PREVIOUS alerts.`,
} as const;
