// jsdom has no ResizeObserver: a stand-in that a test drives, reporting a border-box height for the
// elements observed, as the browser does after its own layout.
import { vi } from 'vitest';

const observers = new Set<FakeResizeObserver>();

class FakeResizeObserver implements ResizeObserver {
  readonly observed = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {
    observers.add(this);
  }
  observe(target: Element): void {
    this.observed.add(target);
  }
  unobserve(target: Element): void {
    this.observed.delete(target);
  }
  disconnect(): void {
    this.observed.clear();
    observers.delete(this);
  }
  report(height: number): void {
    const entries = [...this.observed].map(
      (target) =>
        ({
          target,
          borderBoxSize: [{ blockSize: height, inlineSize: 0 }],
          contentBoxSize: [{ blockSize: height, inlineSize: 0 }],
          devicePixelContentBoxSize: [],
          contentRect: { height } as DOMRectReadOnly,
        }) satisfies ResizeObserverEntry,
    );
    if (entries.length) this.callback(entries, this);
  }
}

/** Installs the stand-in for this test file; `resize(h)` reports height `h` for everything observed. */
export function installFakeResizeObserver() {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  return {
    resize: (height: number) => observers.forEach((o) => o.report(height)),
    observedCount: () => [...observers].reduce((n, o) => n + o.observed.size, 0),
  };
}
