// First: zod must be jitless before any schema parses (see the module).
import './lib/zodJitless';
// Then the global styles, so that every component's stylesheet comes after them (see styles/base.css).
import './styles/tokens.css';
import './styles/base.css';
import { Provider, createStore } from 'jotai';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { restoreTyped, typedIntoPrerender } from './app/prerendered';
import { createAppRouter, preloadRoute } from './app/router';
import { DesktopBlock } from './shared/DesktopBlock';
import { ToastLayer } from './shared/toastLayer';

const router = createAppRouter();
// The app's one jotai store: every component, hook and action reaches state through this Provider,
// so a test renders the same code under a store of its own.
const store = createStore();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first screen's chunk first, so the app's first commit replaces the prerendered HTML with the
// same screen rather than a spinner. A chunk that fails to load is left to the router to report.
// Not a top-level await: the screens' chunks import from this one, which must not wait on them.
void preloadRoute(window.location.pathname)
  .catch(() => undefined)
  .then(() => {
    const typed = typedIntoPrerender(container);
    flushSync(() =>
      createRoot(container).render(
        <StrictMode>
          <Provider store={store}>
            <DesktopBlock>
              <RouterProvider router={router} />
              <ToastLayer />
            </DesktopBlock>
          </Provider>
        </StrictMode>,
      ),
    );
    // The prerendered HTML's desktop rules (web/prerender.ts) end with it.
    container.removeAttribute('data-prerendered');
    restoreTyped(container, typed);
  });
