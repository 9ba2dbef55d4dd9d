import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => cleanup());

// jsdom has <dialog> but not its modal API. A minimal stand-in for the component tests: open and
// close toggle the `open` attribute, close() fires 'close' from a task of its own, as browsers do. (Focus trapping, the inert page and
// Escape as 'cancel' are the browser's; a test fires 'cancel' itself.)
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.open = false;
    if (returnValue !== undefined) this.returnValue = returnValue;
    setTimeout(() => this.dispatchEvent(new Event('close')), 0);
  };
}

// jsdom has no matchMedia, which react-hot-toast asks whether motion should be reduced: nothing
// matches here unless a test stubs its own.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as MediaQueryList;
}

// Components are tested as Chromium runs them, the engine whose behaviour the product spec describes
// (asking for notifications at sign-in); a test of another engine sets its own user agent.
Object.defineProperty(navigator, 'userAgent', {
  value: 'Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
  configurable: true,
});

// jsdom draws nothing on a canvas, which the chart library draws with: the component tests see the chart's
// panel (its words, its slider, what it asks the feed for) around no drawing. The browser tests drive the
// real chart; chartPanel.test.tsx stands one in that records what it is given.
vi.mock('../shared/chart/PriceChart', () => ({ default: () => null }));
