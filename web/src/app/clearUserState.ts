import { emptyDraft } from '@price-alerts/domain/alerts';
import type { createStore } from 'jotai';
import {
  alertListsAtom,
  alertListsFullAtom,
  selectedAlertAtom,
  showAlertDetailsAtom,
} from '../features/dashboard/atoms';
import { draftAtom } from '../shared/draft';
import { currentUserAtom } from '../shared/session';

/**
 * Forgets the signed-out user's alerts, the alert on show and the half-made alert. A chunk of its
 * own (the alert model comes with it), so public screens do not load it before they can be used;
 * useSessionEffects loads it while someone is signed in. Should someone have signed in again before
 * it ran, their state is not touched.
 */
export function clearUserState(store: ReturnType<typeof createStore>): void {
  if (store.get(currentUserAtom)) return;
  store.set(alertListsAtom, { active: [], previous: [] });
  store.set(alertListsFullAtom, { active: false, previous: false });
  store.set(selectedAlertAtom, null);
  store.set(showAlertDetailsAtom, false);
  store.set(draftAtom, emptyDraft());
}
