// The pair's other levels a chart draws faintly: the user's active and paused level alerts on the pair,
// named by their type, not the alert being edited, and no move alert (it has no level).
import { renderHook, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(async () => ({})) }));
vi.mock('../../lib/repositories/alerts', () => import('../../test/fakeAlertsRepository'));
const { getPairAlerts, testAlert, testMoveAlert } = await import('../../test/fakeAlertsRepository');
const { usePairAlertLines } = await import('./usePairAlertLines');
const { currentUserAtom } = await import('../session');

function wrapper({ children }: { children: ReactNode }) {
  const store = createStore();
  store.set(currentUserAtom, { uid: 'u1' } as never);
  return <Provider store={store}>{children}</Provider>;
}

describe('usePairAlertLines', () => {
  it('draws the other levels of the pair with their type, and asks for the pair’s alerts of this user', async () => {
    getPairAlerts.mockImplementation(async () => [
      testAlert('a', 'active', { triggerPrice: 1.1, alertType: 'Price rising above' }),
      testAlert('b', 'paused', { triggerPrice: 1.05, alertType: 'Price dropping below' }),
      testAlert('edited', 'active', { triggerPrice: 1.2 }),
      testMoveAlert('m', 'active'),
    ]);
    const { result } = renderHook(() => usePairAlertLines('EUR/USD', 'edited'), { wrapper });
    await waitFor(() =>
      expect(result.current).toEqual([
        { price: 1.1, title: 'Above' },
        { price: 1.05, title: 'Below (paused)' },
      ]),
    );
    expect(getPairAlerts).toHaveBeenCalledWith({}, 'u1', 'EUR/USD');
  });

  it('draws none while no pair is chosen, and none when the read fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    getPairAlerts.mockClear();
    getPairAlerts.mockImplementation(async () => {
      throw new Error('permission-denied');
    });
    const none = renderHook(() => usePairAlertLines(''), { wrapper });
    expect(none.result.current).toEqual([]);
    expect(getPairAlerts).not.toHaveBeenCalled();
    const failed = renderHook(() => usePairAlertLines('GBP/USD'), { wrapper });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(failed.result.current).toEqual([]);
    warn.mockRestore();
  });
});
