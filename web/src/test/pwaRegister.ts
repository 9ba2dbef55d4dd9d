// Stands in for vite-plugin-pwa's `virtual:pwa-register`, which only exists inside a Vite build
// that runs the PWA plugin (vitest.config.ts aliases it here). It registers nothing: jsdom has no
// service workers. A test that drives the update prompt replaces it with vi.mock.
import type { RegisterSWOptions } from 'virtual:pwa-register';

export function registerSW(_options?: RegisterSWOptions): (reloadPage?: boolean) => Promise<void> {
  return async () => {};
}
