// The details sheet of the alert model: side, repeat, firings, expiry, why the server
// paused or ended the alert, and the alert's history, live from its repository.
import { expiryText } from '@price-alerts/domain/alerts';
import { type Alert as AnyAlert, type LevelAlert as Alert } from '@price-alerts/domain/store';
import { DASHBOARD_TEXT } from '@price-alerts/domain/copy';
import { DISCORD_GONE } from '@price-alerts/domain/notify';
import { act, render, screen, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const DB = { fake: 'db' };
vi.mock('../../../lib/firebase', () => ({ getDb: vi.fn(async () => DB) }));
vi.mock('../../../lib/repositories/history', () => import('../../../test/fakeHistoryRepository'));

const { AlertDetailsSheet } = await import('./AlertDetailsSheet');
const { selectedAlertAtom, showAlertDetailsAtom } = await import('../atoms');
const { currentUserAtom } = await import('../../../shared/session');
const { testAlert: alert, testMoveAlert: moveAlert } = await import('../../../test/fakeAlertsRepository');
const history = await import('../../../test/fakeHistoryRepository');
const { setOnline } = await import('../../../test/offline');
const { emitHistory, failHistory, testEvent: event, watchHistory, watchingHistory } = history;

const FIRED_AT = new Date('2026-03-05T15:30:00').getTime();
const at = (time: string) => new Date(`2026-03-05T${time}:00`).getTime();

function openSheet(selected: AnyAlert) {
  const store = createStore();
  store.set(currentUserAtom, { uid: 'u1', email: 'ada@example.test' } as never);
  store.set(selectedAlertAtom, selected);
  store.set(showAlertDetailsAtom, true);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <AlertDetailsSheet />
      </MemoryRouter>
    </Provider>,
  );
  return { store, sheet: within(screen.getByRole('dialog', { name: 'Alert Details' })) };
}

/** The sheet's rows as [label, value] pairs, in order. */
function rows(): [string, string][] {
  const dl = screen.getByRole('dialog', { name: 'Alert Details' }).querySelector('dl');
  const terms = [...(dl?.querySelectorAll('dt') ?? [])];
  return terms.map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']);
}

beforeEach(() => history.resetHistoryRepository());

/** The history's event lines, in order (under their day headings). */
const lines = () => [...document.querySelectorAll<HTMLElement>('.history-list li')];

const APRIL_1 = new Date('2026-04-01T23:59:00').getTime();

describe('details rows of the alert model', () => {
  it('shows only the spec’s rows for an alert of the defaults (ask, once, never expiring)', () => {
    openSheet(alert('a', 'active'));
    expect(rows()).toEqual([
      ['Status', 'Active'],
      ['Pair', 'EUR/USD'],
      ['Type', 'Price rising above'],
      ['Trigger price', '1.09500'],
      ['Created At', 'Mar 5, 14:07'],
      ['Notification', 'Email, Push'],
    ]);
  });

  it('shows an every-time bid alert’s guards, firings and expiry', () => {
    openSheet(
      alert('e', 'active', {
        priceSide: 'bid',
        repeat: 'every',
        cooldownMinutes: 5,
        rearmPercent: 0.2,
        fireCount: 3,
        lastFiredAt: FIRED_AT,
        lastFiredPrice: 1.09512,
        expiresAt: APRIL_1,
      }),
    );
    expect(rows().slice(6)).toEqual([
      ['Judged on', 'Bid'],
      ['Repeat', 'Every time'],
      ['Cooldown', '5 min'],
      ['Re-arm distance', '0.2%'],
      ['Fired', '3 times'],
      ['Last fired', 'Mar 5, 15:30'],
      ['Last firing price', '1.09512'],
      // 'Apr 1, 23:59', with the year when the test runs in another one (expiryText's own tests).
      ['Expires', expiryText(APRIL_1)],
    ]);
  });

  it.each<[string, Partial<Alert>, string]>([
    [
      'a runaway pause',
      { status: 'paused', repeat: 'every', fireCount: 16, pauseReason: 'runaway' },
      'Paused after more than 15 firings in 3 minutes. Resume it when the market calms.',
    ],
    ['an expiry', { status: 'cancelled', cancelReason: 'expired', expiresAt: FIRED_AT }, 'Expired on Mar 5, 15:30'],
    [
      'a snooze from a notice',
      {
        status: 'paused',
        repeat: 'every',
        pauseReason: 'snoozed',
        snoozedUntil: new Date(2026, 2, 5, 16, 30).getTime(),
      },
      'Snoozed until 16:30: it carries on by itself then. Play resumes it now.',
    ],
    [
      'a failed firing',
      { status: 'cancelled', cancelReason: 'error' },
      'This alert could not be fired and was cancelled. Create it again to keep watching.',
    ],
  ])('gives the reason for %s', (_, patch, reason) => {
    openSheet(alert('x', patch.status ?? 'active', patch));
    expect(rows().filter(([label]) => label === 'Reason')).toEqual([['Reason', reason]]);
  });
});

describe('history', () => {
  it('loads live, newest first, one sentence an event, the server’s text never as markup', async () => {
    const { sheet } = openSheet(alert('a', 'active', { repeat: 'every' }));
    expect(sheet.getByRole('heading', { name: 'History' })).toBeDefined();
    expect(sheet.getByText('Loading history...')).toBeDefined();
    await vi.waitFor(() => expect(watchingHistory('a')).toBe(true));
    expect(watchHistory).toHaveBeenCalledWith(DB, 'u1', 'a', expect.any(Function), expect.any(Function));

    act(() =>
      emitHistory('a', [
        event('e5', { type: 'notified', channel: 'push', outcome: 'skipped', reason: 'No <b>device</b> registered' }),
        event('e4', { type: 'notified', channel: 'email', outcome: 'sent', at: at('15:30') }),
        event('e3', { type: 'fired', price: 1.09512, side: 'bid', at: at('15:30') }),
        event('e2', { type: 'edited', at: at('14:20') }),
        event('e1', { type: 'created', at: at('14:07') }),
        event('e0', { type: 'resumed', at: new Date('2026-03-04T23:50:00').getTime() }),
      ]),
    );
    const items = lines();
    expect(items.map((li) => li.textContent)).toEqual([
      '14:07Push skipped: No <b>device</b> registered',
      '15:30Email sent',
      '15:30Fired at 1.09512 (bid)',
      '14:20Edited',
      '14:07Created',
      '23:50Resumed',
    ]);
    expect(sheet.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Mar 5', 'Mar 4']);
    expect(items[0]?.querySelector('b')).toBeNull();
    expect(items[1]?.querySelector('time')?.getAttribute('dateTime')).toBe(new Date(at('15:30')).toISOString());
    expect(sheet.queryByText('Loading history...')).toBeNull();

    // A new event arrives while the sheet is open.
    act(() => emitHistory('a', [event('e6', { type: 'rearmed', at: at('15:45') })]));
    expect(lines().map((li) => li.textContent)).toEqual(['15:45Re-armed']);
  });

  it('names Telegram and Discord in the Notification row and in the history', async () => {
    const prefs = { email: true, push: false, telegram: true, discord: true };
    openSheet(alert('c', 'active', { notificationPreferences: prefs }));
    expect(rows()).toContainEqual(['Notification', 'Email, Telegram, Discord']);
    await vi.waitFor(() => expect(watchingHistory('c')).toBe(true));
    act(() =>
      emitHistory('c', [
        event('e3', { type: 'notified', channel: 'discord', outcome: 'failed', reason: DISCORD_GONE }),
        event('e2', { type: 'notified', channel: 'telegram', outcome: 'sent', at: at('15:30') }),
        event('e1', { type: 'fired', price: 1.09512, side: 'ask', at: at('15:30') }),
      ]),
    );
    expect(lines().map((li) => li.textContent)).toEqual([
      '14:07Discord failed: Discord says the webhook was deleted, so Discord was removed',
      '15:30Telegram sent',
      '15:30Fired at 1.09512 (ask)',
    ]);
  });

  it('says when there is none yet, and when it cannot be read', async () => {
    const { sheet } = openSheet(alert('a', 'active'));
    await vi.waitFor(() => expect(watchingHistory('a')).toBe(true));
    act(() => emitHistory('a', []));
    expect(sheet.getByText('No history yet.')).toBeDefined();
    act(() => failHistory('a'));
    expect(sheet.getByText('Could not load the history.')).toBeDefined();
  });

  it('follows the selected alert, never showing one alert’s history under another, and stops on close', async () => {
    const { store, sheet } = openSheet(alert('a', 'active'));
    await vi.waitFor(() => expect(watchingHistory('a')).toBe(true));
    act(() => emitHistory('a', [event('e1', { type: 'paused' })]));
    expect(sheet.getByText('Paused')).toBeDefined();

    act(() => store.set(selectedAlertAtom, alert('b', 'active')));
    expect(sheet.getByText('Loading history...')).toBeDefined();
    expect(sheet.queryByText('Paused')).toBeNull();
    await vi.waitFor(() => expect(watchingHistory('b')).toBe(true));
    expect(watchingHistory('a')).toBe(false);

    act(() => store.set(showAlertDetailsAtom, false));
    await vi.waitFor(() => expect(watchingHistory('b')).toBe(false));
  });
});

describe('the sheet offline', () => {
  afterEach(() => vi.restoreAllMocks());
  const buttons = (sheet: ReturnType<typeof openSheet>['sheet']) =>
    ['Pause', 'Edit', 'Delete'].map((name) => (sheet.getByRole('button', { name }) as HTMLButtonElement).disabled);

  it('disables Pause, Edit and Delete with a note while offline, and enables them back online', () => {
    const { sheet } = openSheet(alert('a', 'active'));
    expect(buttons(sheet)).toEqual([false, false, false]);
    setOnline(false);
    expect(buttons(sheet)).toEqual([true, true, true]);
    expect(sheet.getByRole('status').textContent).toBe(DASHBOARD_TEXT.offlineChanges);
    setOnline(true);
    expect(buttons(sheet)).toEqual([false, false, false]);
    expect(sheet.queryByText(DASHBOARD_TEXT.offlineChanges)).toBeNull();
  });
});

describe('a move alert in the sheet', () => {
  const firedMove = { percent: 1.52, from: 1.0841, fromAt: FIRED_AT - 600_000 };

  it('says what fires it, what it is measured from, its re-arm level and its last move', () => {
    openSheet(
      moveAlert('m', 'active', {
        priceSide: 'bid',
        repeat: 'every',
        rearmPercent: 0.2,
        fireCount: 1,
        firedMove,
        lastFiredAt: FIRED_AT,
        lastFiredPrice: 1.10058,
      }),
    );
    expect(rows()).toEqual([
      ['Status', 'Active'],
      ['Pair', 'EUR/USD'],
      ['Type', 'Moving up %'],
      ['Trigger', 'Up 1.5% in 15 min'],
      ['Created At', 'Mar 5, 14:07'],
      ['Notification', 'Email, Push'],
      ['Measured from', 'The lowest price of the last 15 min'],
      ['Judged on', 'Bid'],
      ['Repeat', 'Every time'],
      ['Cooldown', '15 min'],
      ['Re-arms at', 'Up 1.30% or less'],
      ['Fired', '1 time'],
      ['Last fired', 'Mar 5, 15:30'],
      ['Last move', 'Up 1.52% in 15 min (1.08410 to 1.10058)'],
    ]);
  });

  it('says what a triggered one fired on, and its history in a trader’s words', async () => {
    openSheet(moveAlert('m', 'triggered', { firedMove, triggeredPrice: 1.10058, triggeredAt: new Date(FIRED_AT) }));
    expect(rows()).toContainEqual(['Fired on', 'Up 1.52% in 15 min (1.08410 to 1.10058)']);
    await vi.waitFor(() => expect(watchingHistory('m')).toBe(true));
    act(() =>
      emitHistory('m', [
        event('e1', {
          type: 'fired',
          at: FIRED_AT,
          price: 1.10058,
          side: 'ask',
          move: { ...firedMove, read: 'up:15' },
        }),
      ]),
    );
    expect(lines().map((li) => li.textContent)).toEqual([
      '15:30Fired: up 1.52% in 15 min (1.08410 to 1.10058), on the ask',
    ]);
  });

  it('offers no edit of an alert whose type this version does not know, and says so', () => {
    const { triggerPrice: _level, ...common } = alert('o', 'active');
    const other = { ...common, alertType: 'Volume spike' } as AnyAlert;
    const { sheet } = openSheet(other);
    expect(rows()).toContainEqual(['Trigger', 'Update the app to see this alert’s condition.']);
    expect((sheet.getByRole('button', { name: 'Edit' }) as HTMLButtonElement).disabled).toBe(true);
    expect((sheet.getByRole('button', { name: 'Pause' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
