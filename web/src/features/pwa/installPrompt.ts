import { atom } from 'jotai';

/** Chrome's install event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const installPromptAtom = atom<BeforeInstallPromptEvent | null>(null);

export function isStandalone(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches;
}
