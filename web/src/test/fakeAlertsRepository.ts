/**
 * A typed stand-in for lib/repositories/alerts, the web app's Firestore boundary for alerts:
 * tests mock the module with this one (`vi.mock('…/repositories/alerts', () => import(…))`) and
 * deliver live-query snapshots with `emit`, as Firestore would after a write.
 */
import type { Alert, LevelAlert, MoveAlert } from '@price-alerts/domain/store';
import { vi } from 'vitest';
import type * as Repository from '../lib/repositories/alerts';

type Watch = typeof Repository.watchAlerts;
const listeners = new Map<Repository.AlertList, Parameters<Watch>[3]>();

export const watchAlerts = vi.fn<Watch>((_db, _uid, list, onData) => {
  listeners.set(list, onData);
  return () => listeners.delete(list);
});
/** A full list's live query ('See all'), as the page opened it. */
export interface ListWatch {
  list: Repository.AlertList;
  size: number;
  onData: (page: Repository.AlertPage) => void;
  onError: (error: Error) => void;
  stopped: boolean;
}
export const listWatches: ListWatch[] = [];
export const watchAlertList = vi.fn<typeof Repository.watchAlertList>((_db, _uid, list, size, onData, onError) => {
  const watch: ListWatch = { list, size, onData, onError, stopped: false };
  listWatches.push(watch);
  return () => {
    watch.stopped = true;
  };
});

/** The full list's query that is open now (the page keeps one). */
export function openListWatch(): ListWatch {
  const open = listWatches.filter((watch) => !watch.stopped);
  if (open.length !== 1) throw new Error(`${open.length} full-list queries are open, not one`);
  return open[0] as ListWatch;
}

const alertListeners = new Map<string, (alert: Alert | undefined) => void>();
export const watchAlert = vi.fn<typeof Repository.watchAlert>((_db, _uid, alertId, onData) => {
  alertListeners.set(alertId, onData);
  return () => alertListeners.delete(alertId);
});

/** What one alert's own document listener would deliver now. */
export function emitAlert(alert: Alert): void {
  const onData = alertListeners.get(alert.id);
  if (!onData) throw new Error(`No listener on alert ${alert.id}`);
  onData(alert);
}

export const getAlert = vi.fn<typeof Repository.getAlert>(async () => undefined);
/** The pair's other alerts a chart draws: none unless a test says. */
export const getPairAlerts = vi.fn<typeof Repository.getPairAlerts>(async () => []);
export const setAlertStatus = vi.fn<typeof Repository.setAlertStatus>(async () => {});
export const deleteAlert = vi.fn<typeof Repository.deleteAlert>(async () => {});
export const createAlert = vi.fn<typeof Repository.createAlert>(async () => 'new-alert');
export const updateAlert = vi.fn<typeof Repository.updateAlert>(async () => {});

/**
 * What the live query of `list` would deliver now; `full`, that it came back at its limit (by
 * default, when the alerts given are as many as the limit).
 */
export function emit(
  list: Repository.AlertList,
  alerts: Alert[],
  full = alerts.length >= (list === 'active' ? 10 : 5),
): void {
  const onData = listeners.get(list);
  if (!onData) throw new Error(`No live query on the ${list} list`);
  onData(alerts, full);
}

export function resetAlertsRepository(): void {
  listWatches.length = 0;
  alertListeners.clear();
  for (const fn of [
    watchAlerts,
    watchAlertList,
    watchAlert,
    getAlert,
    getPairAlerts,
    setAlertStatus,
    deleteAlert,
    createAlert,
    updateAlert,
  ])
    fn.mockClear();
  getAlert.mockImplementation(async () => undefined);
  setAlertStatus.mockImplementation(async () => {});
  deleteAlert.mockImplementation(async () => {});
  createAlert.mockImplementation(async () => 'new-alert');
  updateAlert.mockImplementation(async () => {});
}

export const testAlert = (id: string, status: Alert['status'], patch: Partial<LevelAlert> = {}): LevelAlert => ({
  id,
  userId: 'u1',
  currencyPair: 'EUR/USD',
  alertType: 'Price rising above',
  triggerPrice: 1.095,
  status,
  notificationPreferences: { email: true, push: true },
  createdAt: new Date('2026-03-05T14:07:00'),
  ...patch,
});

/** A move alert ('Moving up %' 1.5% in 15 min unless patched), for the screens' move words. */
export const testMoveAlert = (id: string, status: Alert['status'], patch: Partial<MoveAlert> = {}): MoveAlert => ({
  id,
  userId: 'u1',
  currencyPair: 'EUR/USD',
  alertType: 'Moving up %',
  movePercent: 1.5,
  lookbackMinutes: 15,
  moveRead: 'up:15',
  status,
  notificationPreferences: { email: true, push: true },
  createdAt: new Date('2026-03-05T14:07:00'),
  ...patch,
});
