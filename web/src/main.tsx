// First: zod must be jitless before any schema parses (see the module).
import './lib/zodJitless';
// Then the global styles, so that every component's stylesheet comes after them (see styles/base.css).
import './styles/tokens.css';
import './styles/base.css';
import { Provider, createStore } from 'jotai';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { replayHeldTap, restoreTyped, typedIntoPrerender } from './shared/firstPaint/prerendered';
import { afterThisTask } from './lib/afterThisTask';
import { loadAgainOnce } from './lib/loadAgain';
import { DesktopBlock } from './shared/DesktopBlock';
import { ToastLayer } from './shared/toastLayer';

// The app's one jotai store: every component, hook and action reaches state through this Provider,
// so a test renders the same code under a store of its own.
const store = createStore();

const found = document.getElementById('root');
if (!found) throw new Error('index.html has no #root element');
const container: HTMLElement = found;

const prerendered = container.hasAttribute('data-prerendered');
// Over prerendered HTML the app renders into a detached element of its own, which takes the HTML's
// place in the same task as its first commit (TakeOver).
const appRoot = prerendered ? Object.assign(document.createElement('div'), { id: 'root' }) : container;
let takenOver = !prerendered;

/**
 * At the app's first commit: what the user typed into the HTML is read and the app's markup takes
 * the HTML's place, in one task, so nothing typed can fall between the two; then the typed values
 * come back through React's change events and a held tap is replayed. The render before it is
 * a transition, sliced so that it does not block the main thread. First among the app's elements,
 * so every other layout effect runs on attached elements.
 */
function TakeOver() {
  useLayoutEffect(() => {
    if (takenOver) return;
    takenOver = true;
    const typed = typedIntoPrerender(container);
    container.replaceWith(appRoot);
    restoreTyped(appRoot, typed);
    replayHeldTap(appRoot);
  }, []);
  return null;
}

// The rest of the app, then the first screen's chunk, so that the app's first commit replaces the
// prerendered HTML with the same screen rather than a spinner. (A prerendered page's loader asked
// for this code only once the HTML had painted.) A screen's chunk that fails to load is left to the
// router to report; without the app's root there is no router, so a prerendered page is loaded again
// once (public/load-app.js), and a page without a loader says so in the console.
// Not a top-level await: the screens' chunks import from this one, which must not wait on them.
// Asked for once more after a failure, as every chunk is: a load cut by leaving the page ends quietly.
loadAgainOnce(() => import('./app/AppRoot'))
  .then(async (module) => {
    await afterThisTask(() => module.preloadRoute(window.location.pathname)).catch(() => undefined);
    return module.AppRoot;
  })
  .then(
    (AppRoot) => {
      try {
        sessionStorage.removeItem('price-alerts:reloaded-after-failed-load');
      } catch {
        // Storage blocked: then load-app.js never reloads either.
      }
      const root = createRoot(appRoot);
      startTransition(() =>
        root.render(
          <StrictMode>
            <Provider store={store}>
              <TakeOver />
              <DesktopBlock>
                <AppRoot />
                <ToastLayer />
              </DesktopBlock>
            </Provider>
          </StrictMode>,
        ),
      );
    },
    (error: unknown) => {
      console.error('The app could not be loaded', error);
      window.priceAlertsReloadOnce?.();
    },
  );
