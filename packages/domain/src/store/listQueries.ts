import {
  ACTIVE_ALERTS_LIMIT,
  ACTIVE_LIST_STATUSES,
  PREVIOUS_ALERTS_LIMIT,
  PREVIOUS_LIST_STATUSES,
} from '../common/constants.ts';
import type { QueryShape } from './queryShape.ts';

/** The app's alert lists: the dashboard's two, capped by the spec, and 'See all' for each. */

export const ACTIVE_ALERTS_QUERY = {
  name: 'dashboard active and paused alerts',
  collectionGroup: 'alerts',
  scope: 'COLLECTION',
  filters: [{ field: 'status', op: 'in' }],
  orderBy: [{ field: 'createdAt', direction: 'desc' }],
  limit: ACTIVE_ALERTS_LIMIT,
  statuses: ACTIVE_LIST_STATUSES,
} as const satisfies QueryShape & { statuses: readonly string[] };

export const PREVIOUS_ALERTS_QUERY = {
  name: 'dashboard triggered and cancelled alerts',
  collectionGroup: 'alerts',
  scope: 'COLLECTION',
  filters: [{ field: 'status', op: 'in' }],
  orderBy: [{ field: 'createdAt', direction: 'desc' }],
  limit: PREVIOUS_ALERTS_LIMIT,
  statuses: PREVIOUS_LIST_STATUSES,
} as const satisfies QueryShape & { statuses: readonly string[] };

/**
 * 'See all': every alert of one of the dashboard's lists, newest first, a page at a time (the page
 * size and the cursor after the previous page are given at runtime). The dashboard's index serves it.
 */
function allAlertsQuery<const S extends readonly string[]>(name: string, statuses: S) {
  return {
    name,
    collectionGroup: 'alerts',
    scope: 'COLLECTION',
    filters: [{ field: 'status', op: 'in' }],
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
    statuses,
  } as const satisfies QueryShape & { statuses: readonly string[] };
}

export const ALL_ACTIVE_ALERTS_QUERY = allAlertsQuery('all active and paused alerts, paged', ACTIVE_LIST_STATUSES);
export const ALL_PREVIOUS_ALERTS_QUERY = allAlertsQuery(
  'all triggered and cancelled alerts, paged',
  PREVIOUS_LIST_STATUSES,
);

/** Most levels a chart draws beside the one being set: more would be a wall of lines, not context. */
export const PAIR_ALERTS_LIMIT = 20;

/**
 * A chart's context: the user's active and paused alerts on one pair, whose levels it draws faintly
 * beside the one being set. Read once as the chart opens (the cache serves a return to it).
 */
export const PAIR_ALERTS_QUERY = {
  name: 'active and paused alerts of one pair',
  collectionGroup: 'alerts',
  scope: 'COLLECTION',
  filters: [
    { field: 'currencyPair', op: '==' },
    { field: 'status', op: 'in' },
  ],
  orderBy: [],
  limit: PAIR_ALERTS_LIMIT,
  statuses: ACTIVE_LIST_STATUSES,
} as const satisfies QueryShape & { statuses: readonly string[] };
