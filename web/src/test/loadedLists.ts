import type { AlertLists } from '@price-alerts/domain/alerts';
import type { createStore } from 'jotai';
import { alertListsAtom, alertListsLoadedAtom } from '../features/dashboard/atoms';
import { currentUserAtom } from '../shared/session';

/**
 * The lists as the live queries delivered them to u1 (signed in): the panel shows them, not the
 * skeleton rows it shows before a list's first snapshot.
 */
export function setLoadedLists(store: ReturnType<typeof createStore>, lists: AlertLists): void {
  if (!store.get(currentUserAtom)) store.set(currentUserAtom, { uid: 'u1', email: 'ada@example.test' } as never);
  const uid = store.get(currentUserAtom)?.uid ?? null;
  store.set(alertListsAtom, lists);
  store.set(alertListsLoadedAtom, { active: uid, previous: uid });
}
