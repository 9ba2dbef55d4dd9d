import { emptyDraft, type AlertLists } from '@price-alerts/domain/alerts';
import { type Alert, type Draft } from '@price-alerts/domain/store';
import { atom } from 'jotai';

/** The new-alert draft (spec section 3); reset after creation and when the create screen is left. */
export const draftAtom = atom<Draft>(emptyDraft());

export const alertListsAtom = atom<AlertLists>({ active: [], previous: [] });
/**
 * Per list, the user whose first snapshot has arrived (null: none yet). Until it matches the
 * signed-in user the list is unknown, not empty: the panel shows skeleton rows, never the empty
 * state. Keyed by user, so the next person on the device starts unknown again.
 */
export const alertListsLoadedAtom = atom<Record<keyof AlertLists, string | null>>({ active: null, previous: null });
export const selectedAlertAtom = atom<Alert | null>(null);
export const showAlertDetailsAtom = atom(false);
