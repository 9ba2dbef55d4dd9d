import { type AlertLists } from '@price-alerts/domain/alerts';
import { type Alert } from '@price-alerts/domain/store';
import { atom } from 'jotai';

export const alertListsAtom = atom<AlertLists>({ active: [], previous: [] });
/**
 * Per list, the user whose first snapshot has arrived (null: none yet). Until it matches the
 * signed-in user the list is unknown, not empty: the panel shows skeleton rows, never the empty
 * state. Keyed by user, so the next person on the device starts unknown again.
 */
export const alertListsLoadedAtom = atom<Record<keyof AlertLists, string | null>>({ active: null, previous: null });
/**
 * Per list, whether its live query came back at its limit (10 or 5 documents), counting those the
 * app cannot read: then more may exist, and the panel offers 'See all' however many it shows.
 */
export const alertListsFullAtom = atom<Record<keyof AlertLists, boolean>>({ active: false, previous: false });
export const selectedAlertAtom = atom<Alert | null>(null);
export const showAlertDetailsAtom = atom(false);
