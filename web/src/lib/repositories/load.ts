import type { Firestore } from 'firebase/firestore';
import { afterThisTask } from '../afterThisTask';
import { getDb } from '../firebase';
import { loadAgainOnce } from '../loadAgain';

const repositories = {
  alerts: () => import('./alerts'),
  history: () => import('./history'),
  prices: () => import('./prices'),
  profiles: () => import('./profiles'),
  pushTokens: () => import('./pushTokens'),
};
type Repositories = typeof repositories;
export type Repository<K extends keyof Repositories> = Awaited<ReturnType<Repositories[K]>>;

/** The repositories loaded once already. */
const loaded = new Set<keyof Repositories>();

/**
 * A repository with the database it works on, both loaded on first use. Screens call this from
 * effects and event handlers, after they have painted (their skeletons say the data is coming), so
 * Firestore and the document schemas are in no route's first download.
 */
export function repository<K extends keyof Repositories>(name: K): Promise<[Firestore, Repository<K>]> {
  const load = () =>
    // The chunk is asked for once more after a failure: a load cut by leaving the page ends quietly.
    Promise.all([getDb(), loadAgainOnce(repositories[name] as () => Promise<Repository<K>>)]).then((both) => {
      loaded.add(name);
      return both;
    });
  // The first load adds the chunks' preload links, so it waits for a task of its own; later ones
  // find the chunks in and go at once.
  return loaded.has(name) ? load() : afterThisTask(load);
}
