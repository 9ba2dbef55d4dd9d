import { emptyDraft, type Alert, type AlertLists, type Draft } from '@price-alerts/domain';
import { atom } from 'jotai';

/** The new-alert draft (spec section 3); reset after creation and when the create screen is left. */
export const draftAtom = atom<Draft>(emptyDraft());

export const alertListsAtom = atom<AlertLists>({ active: [], previous: [] });
export const selectedAlertAtom = atom<Alert | null>(null);
export const showAlertDetailsAtom = atom(false);
