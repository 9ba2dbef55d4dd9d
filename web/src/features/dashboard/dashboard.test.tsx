import type { Alert } from '@price-alerts/domain/store';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

// The Firebase gateway is the boundary; these tests never reach a database.
vi.mock('../../lib/firebase', () => ({ getDb: vi.fn(() => new Promise(() => {})) }));
const { AlertDetailsSheet } = await import('./details/AlertDetailsSheet');
const { AlertsPanel } = await import('./AlertsPanel');
const { setLoadedLists } = await import('../../test/loadedLists');
const { selectedAlertAtom, showAlertDetailsAtom } = await import('./atoms');

const { testAlert: alert } = await import('../../test/fakeAlertsRepository');

function renderWith(lists: { active: Alert[]; previous: Alert[] }) {
  const store = createStore();
  setLoadedLists(store, lists);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <AlertsPanel />
        <AlertDetailsSheet />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('alerts panel', () => {
  it('shows both empty texts word for word', () => {
    renderWith({ active: [], previous: [] });
    expect(
      screen.getByText('You have no active alerts right now. Tap the + sign to create one and start monitoring!'),
    ).toBeDefined();
    fireEvent.click(screen.getByRole('tab', { name: 'PREVIOUS' }));
    expect(
      screen.getByText(
        'You have no previous alerts yet. Once alerts are triggered or cancelled, they will appear here.',
      ),
    ).toBeDefined();
  });

  it('shows the Paused badge in ACTIVE and coloured status badges in PREVIOUS', () => {
    renderWith({
      active: [alert('a', 'active'), alert('p', 'paused')],
      previous: [alert('t', 'triggered'), alert('c', 'cancelled')],
    });
    expect(screen.getByRole('tab', { name: 'ACTIVE' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByText('Paused')).toHaveLength(1);
    expect(screen.getAllByText('Mar 5, 14:07')).toHaveLength(2);
    fireEvent.click(screen.getByRole('tab', { name: 'PREVIOUS' }));
    expect(screen.getByText('Triggered').className).toContain('badge-green');
    expect(screen.getByText('Cancelled').className).toContain('badge-red');
  });
});

describe('alert details sheet', () => {
  it('opens on a row with every detail row', () => {
    const store = renderWith({
      active: [alert('a', 'paused', { notificationPreferences: { email: false, push: true } })],
      previous: [],
    });
    fireEvent.click(screen.getByRole('button', { name: /EUR\/USD/ }));
    expect(store.get(showAlertDetailsAtom)).toBe(true);
    const sheet = screen.getByRole('dialog', { name: 'Alert Details' });
    const rows = within(sheet);
    expect(rows.getByText('Paused').className).toContain('status-amber');
    expect(rows.getByText('Price rising above')).toBeDefined();
    expect(rows.getByText('1.09500')).toBeDefined();
    expect(rows.getByText('Created At')).toBeDefined();
    expect(rows.getByText('Push')).toBeDefined();
    expect(rows.getByRole('button', { name: 'Play' })).toBeDefined();
  });

  it('disables Pause/Play and Edit for a triggered alert and leaves out a missing Created At', () => {
    const store = renderWith({ active: [], previous: [] });
    act(() => {
      store.set(
        selectedAlertAtom,
        alert('t', 'triggered', { createdAt: undefined, notificationPreferences: { email: false, push: false } }),
      );
      store.set(showAlertDetailsAtom, true);
    });
    const sheet = within(screen.getByRole('dialog', { name: 'Alert Details' }));
    expect((sheet.getByRole('button', { name: 'Pause' }) as HTMLButtonElement).disabled).toBe(true);
    expect((sheet.getByRole('button', { name: 'Edit' }) as HTMLButtonElement).disabled).toBe(true);
    expect((sheet.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(false);
    expect(sheet.queryByText('Created At')).toBeNull();
    expect(sheet.getByText('None')).toBeDefined();
    expect(sheet.getByText('Triggered').className).toContain('status-red');
  });

  it('tells why the server cancelled an alert it could not fire, and says nothing for other alerts', () => {
    const store = renderWith({ active: [], previous: [] });
    const failed = alert('c', 'cancelled', {
      cancelReason: 'error',
      failure: { message: '6 ALREADY_EXISTS: Document already exists', at: new Date() },
    });
    act(() => {
      store.set(selectedAlertAtom, failed);
      store.set(showAlertDetailsAtom, true);
    });
    const sheet = within(screen.getByRole('dialog', { name: 'Alert Details' }));
    expect(sheet.getByText('Reason')).toBeDefined();
    expect(
      sheet.getByText('This alert could not be fired and was cancelled. Create it again to keep watching.'),
    ).toBeDefined();
    act(() => store.set(selectedAlertAtom, alert('c2', 'cancelled')));
    expect(sheet.queryByText('Reason')).toBeNull();
  });

  it('shows the note, the user’s text as typed (never markup), in the row and in full in the sheet', () => {
    const note = 'Gold <b>breakout</b> & retest of the 2,750 level before the close on Friday';
    const store = renderWith({ active: [alert('n', 'active', { note })], previous: [] });
    const row = screen.getByRole('button', { name: /EUR\/USD/ });
    expect(row.querySelector('.alert-note')?.textContent).toBe(note);
    expect(row.querySelector('b')).toBeNull();
    fireEvent.click(row);
    expect(store.get(showAlertDetailsAtom)).toBe(true);
    const sheet = within(screen.getByRole('dialog', { name: 'Alert Details' }));
    expect(sheet.getByText('Note')).toBeDefined();
    expect(sheet.getByText(note).tagName).toBe('DD');
  });

  it('asks before deleting, with the spec texts', () => {
    const store = renderWith({ active: [], previous: [] });
    act(() => {
      store.set(selectedAlertAtom, alert('a', 'active'));
      store.set(showAlertDetailsAtom, true);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm alert deletion' }));
    expect(dialog.getByText('Are you sure you want to delete this alert?')).toBeDefined();
    expect(dialog.getByRole('button', { name: 'Yes, Delete' })).toBeDefined();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDefined();
  });
});
