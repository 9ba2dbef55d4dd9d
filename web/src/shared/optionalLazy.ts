import { lazy, type ComponentType } from 'react';
import { afterThisTask } from '../lib/afterThisTask';
import { loadAgainOnce } from '../lib/loadAgain';

/**
 * A lazily loaded part the screen can do without (the toaster, the update prompt, the signed-in
 * effects): if its chunk fails to load twice (a flaky first visit, a deploy that replaced it), the
 * failure is logged and nothing is rendered in its place, rather than the whole app failing. Its
 * chunk is asked for after the render that first shows it, not inside that render's task.
 */
export function optionalLazy(load: () => Promise<{ default: ComponentType }>, what: string): ComponentType {
  return lazy(() =>
    afterThisTask(() => loadAgainOnce(load)).catch((error: unknown) => {
      console.error(`${what} did not load`, error);
      return { default: () => null };
    }),
  );
}
