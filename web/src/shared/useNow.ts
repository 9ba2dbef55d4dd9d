import { atom, useAtomValue } from 'jotai';

/** How often the app's clock moves: ages are shown in whole seconds. */
export const NOW_INTERVAL_MS = 1000;

/**
 * The app's one clock for what is shown by age ('Delayed · 45 s ago', an 'Updated' age, 'in 1 d 4 h'):
 * one timer for the whole store, running only while something on screen reads it, rather than one per
 * row. Every reader re-renders together, once a second.
 */
const nowAtom = atom(Date.now());
nowAtom.onMount = (set) => {
  // The value from module load may be long stale by the first mount.
  set(Date.now());
  const timer = setInterval(() => set(Date.now()), NOW_INTERVAL_MS);
  return () => clearInterval(timer);
};

/** The device's time now, in ms, moving once a second while the component is mounted. */
export function useNow(): number {
  return useAtomValue(nowAtom);
}
