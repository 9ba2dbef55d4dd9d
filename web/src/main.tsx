// First: zod must be jitless before any schema parses (see the module).
import './lib/zodJitless';
// Then the global styles, so that every component's stylesheet comes after them (see styles/base.css).
import './styles/tokens.css';
import './styles/base.css';
import { Provider, createStore } from 'jotai';
import { StrictMode, useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { holdSubmits, restoreTyped, typedIntoPrerender } from './app/prerendered';
import { createAppRouter, preloadRoute } from './app/router';
import { DesktopBlock } from './shared/DesktopBlock';
import { ToastLayer } from './shared/toastLayer';

const router = createAppRouter();
// The app's one jotai store: every component, hook and action reaches state through this Provider,
// so a test renders the same code under a store of its own.
const store = createStore();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Once the app has committed over the prerendered HTML: its desktop rules end, and what was typed into it comes back. */
function TakeOver({ typed }: { typed: ReturnType<typeof typedIntoPrerender> }) {
  useLayoutEffect(() => {
    container?.removeAttribute('data-prerendered');
    if (container) restoreTyped(container, typed);
    replaySubmit();
  }, [typed]);
  return null;
}

const replaySubmit = holdSubmits(container);

/** After the browser has painted the prerendered HTML (or 100 ms, as a hidden tab paints nothing). */
const painted = () =>
  new Promise<void>((done) => {
    requestAnimationFrame(() => setTimeout(done, 0));
    setTimeout(done, 100);
  });

// The first screen's chunk first, so the app's first commit replaces the prerendered HTML with the
// same screen rather than a spinner. A chunk that fails to load is left to the router to report.
// Not a top-level await: the screens' chunks import from this one, which must not wait on them.
// The first render is synchronous (flushSync), so nothing typed into the HTML can fall between the
// snapshot of its fields and the commit that replaces them (a sliced transition render left such a
// window, and sign-ins under load lost their fields in it).
void Promise.all([
  preloadRoute(window.location.pathname).catch(() => undefined),
  // The HTML's paint comes first, so the screen is up before the app's work starts.
  container.hasAttribute('data-prerendered') ? painted() : null,
]).then(() => {
  const typed = typedIntoPrerender(container);
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <DesktopBlock>
            <RouterProvider router={router} />
            <ToastLayer />
          </DesktopBlock>
          <TakeOver typed={typed} />
        </Provider>
      </StrictMode>,
    ),
  );
});
