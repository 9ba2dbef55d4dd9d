// The update prompt with the app's real toaster in jsdom. Only vite-plugin-pwa's virtual module is
// replaced: it exists only inside a Vite build with the PWA plugin, and registering a service worker
// is not something jsdom can do. The fake hands back the callbacks the component registers.
import { TOAST_DURATION_MS } from '@price-alerts/domain/common';
import { act, fireEvent, render, screen } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import type { RegisterSWOptions as RegisterOptions } from 'virtual:pwa-register';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { SERVICE_WORKER_SETTLE_MS, needServiceWorker } from '../../lib/serviceWorkerStart';
import { UPDATE_MESSAGE, UpdatePrompt } from './UpdatePrompt';

const pwa = vi.hoisted(() => ({
  registerSW: vi.fn<(options: RegisterOptions) => (reload?: boolean) => Promise<void>>(),
}));
vi.mock('virtual:pwa-register', () => ({ registerSW: pwa.registerSW }));

/** How long react-hot-toast keeps a dismissed toast in the page for its exit animation. */
const REMOVE_DELAY_MS = 1_000;

let options: RegisterOptions | undefined;
let updateSW: Mock<(reload?: boolean) => Promise<void>>;

beforeEach(() => {
  options = undefined;
  updateSW = vi.fn(async () => {});
  pwa.registerSW.mockReset();
  pwa.registerSW.mockImplementation((registered) => {
    options = registered;
    return updateSW;
  });
});

afterEach(() => {
  act(() => toast.remove());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The prompt as the app shows it: the layout's UpdatePrompt beside main.tsx's Toaster. */
async function renderApp() {
  render(
    <>
      <UpdatePrompt />
      <Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS }} />
    </>,
  );
  // As push does: the worker is wanted now, so the prompt registers it without a first visit's wait.
  await act(async () => needServiceWorker());
  expect(pwa.registerSW).toHaveBeenCalledOnce();
  expect(options?.immediate).toBe(true);
  return {
    // The prompt loads react-hot-toast when a version is waiting: done when it has toasted.
    newVersionWaiting: () =>
      act(async () => {
        await options?.onNeedRefresh?.();
      }),
  };
}

describe('UpdatePrompt', () => {
  it('on a first visit, registers the worker only once the loaded page has settled', async () => {
    vi.useFakeTimers();
    // A fresh copy of the modules: no feature has asked for the worker in this one.
    vi.resetModules();
    const { UpdatePrompt: FreshPrompt } = await import('./UpdatePrompt');
    render(<FreshPrompt />);
    await act(() => vi.advanceTimersByTimeAsync(SERVICE_WORKER_SETTLE_MS - 100));
    expect(pwa.registerSW).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2_200));
    expect(pwa.registerSW).toHaveBeenCalledOnce();
  });

  it('shows nothing until a new version is waiting, then offers a refresh', async () => {
    const app = await renderApp();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(UPDATE_MESSAGE)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    await app.newVersionWaiting();
    expect((await screen.findByText(UPDATE_MESSAGE)).textContent).toContain(UPDATE_MESSAGE);
    expect(screen.getAllByRole('button', { name: 'Refresh' })).toHaveLength(1);
    expect(updateSW).not.toHaveBeenCalled();
  });

  it('stays up past the usual toast time: the user decides when to reload', async () => {
    vi.useFakeTimers();
    const app = await renderApp();
    await app.newVersionWaiting();
    expect(screen.queryAllByText(UPDATE_MESSAGE)).toHaveLength(1);
    // Two steps: a toast that timed out is dismissed first and taken out of the page a second later.
    await act(() => vi.advanceTimersByTimeAsync(TOAST_DURATION_MS * 10));
    await act(() => vi.advanceTimersByTimeAsync(REMOVE_DELAY_MS));
    expect(screen.queryAllByText(UPDATE_MESSAGE)).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Refresh' })).toHaveLength(1);
  });

  it('shows one prompt however often the worker reports a waiting version', async () => {
    const app = await renderApp();
    await app.newVersionWaiting();
    await app.newVersionWaiting();
    await app.newVersionWaiting();
    await screen.findByText(UPDATE_MESSAGE);
    expect(screen.getAllByText(UPDATE_MESSAGE)).toHaveLength(1);
  });

  it('Refresh activates the waiting version (with a reload) and hides the prompt', async () => {
    vi.useFakeTimers();
    const app = await renderApp();
    await app.newVersionWaiting();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(updateSW).toHaveBeenCalledExactlyOnceWith(true);
    await act(() => vi.advanceTimersByTimeAsync(REMOVE_DELAY_MS));
    expect(screen.queryByText(UPDATE_MESSAGE)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });
});
