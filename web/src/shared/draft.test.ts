// The create screen's draft over a return from the back/forward cache: kept as its page is left, put
// back only on the fresh load a return to that very page sets off, and never from what does not parse.
import { emptyDraft } from '@price-alerts/domain/alerts';
import type { Draft } from '@price-alerts/domain/store';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';

const LEFT_KEY = 'price-alerts:draft-left';
const MARK_KEY = 'price-alerts:return-reload';
const typed: Draft = {
  ...emptyDraft(),
  currencyPair: 'USD/JPY',
  alertType: 'Price rising above',
  triggerPrice: '999',
};

/** The draft a page loaded at `path` starts with, after `prepare` set up this tab's storage. */
async function draftOnLoad(path: string, prepare: () => void) {
  window.history.replaceState(null, '', path);
  prepare();
  vi.resetModules();
  const { draftAtom } = await import('./draft');
  return createStore().get(draftAtom);
}

const keep = (draft: unknown, page = 'left-page') => sessionStorage.setItem(LEFT_KEY, JSON.stringify({ page, draft }));
const mark = (path: string, { ageMs = 0, page = 'left-page' } = {}) =>
  sessionStorage.setItem(MARK_KEY, JSON.stringify({ page, path, at: Date.now() - ageMs }));

afterEach(() => sessionStorage.clear());

describe('the draft over a return from the back/forward cache', () => {
  it.each([
    {
      name: 'comes back on the load a return to the create screen sets off',
      path: '/create_alert',
      prepare: () => (keep(typed), mark('/create_alert')),
      expected: typed,
      left: 'taken',
    },
    {
      name: 'does not come back on a load with no return',
      path: '/create_alert',
      prepare: () => keep(typed),
      expected: emptyDraft(),
      left: 'kept',
    },
    {
      name: 'does not come back on a return to another screen',
      path: '/create_alert',
      prepare: () => (keep(typed), mark('/dashboard')),
      expected: emptyDraft(),
      left: 'kept',
    },
    {
      name: 'does not come back from a return whose load never came',
      path: '/create_alert',
      prepare: () => (keep(typed), mark('/create_alert', { ageMs: 60_000 })),
      expected: emptyDraft(),
      left: 'kept',
    },
    {
      name: 'does not come back on a return to a page that kept no draft',
      path: '/create_alert',
      prepare: () => (keep(typed, 'another-page'), mark('/create_alert')),
      expected: emptyDraft(),
      left: 'kept',
    },
    {
      name: 'is not taken from storage that does not hold a draft',
      path: '/create_alert',
      prepare: () => (keep({ ...typed, currencyPair: 'XXX/YYY' }), mark('/create_alert')),
      expected: emptyDraft(),
      left: 'taken',
    },
    {
      name: 'is not taken from storage that is not JSON',
      path: '/create_alert',
      prepare: () => (sessionStorage.setItem(LEFT_KEY, '{"page":'), mark('/create_alert')),
      expected: emptyDraft(),
      left: 'kept',
    },
    {
      name: 'is left for its own page by a load of another screen',
      path: '/account',
      prepare: () => keep(typed),
      expected: emptyDraft(),
      left: 'kept',
    },
  ])('$name', async ({ path, prepare, expected, left }) => {
    expect(await draftOnLoad(path, prepare)).toEqual(expected);
    expect(sessionStorage.getItem(LEFT_KEY) === null ? 'taken' : 'kept').toBe(left);
  });

  it('is kept as the page is left, under the id the mark of a return to it names', async () => {
    window.history.replaceState(null, '', '/create_alert');
    vi.resetModules();
    const { keepDraftOnLeave } = await import('./draft');
    const { markReturnReload } = await import('../lib/returnReload');
    keepDraftOnLeave(typed);
    markReturnReload();
    const kept = JSON.parse(sessionStorage.getItem(LEFT_KEY) ?? 'null') as { page: string; draft: unknown };
    expect(kept.draft).toEqual(typed);
    expect(JSON.parse(sessionStorage.getItem(MARK_KEY) ?? 'null')).toMatchObject({
      page: kept.page,
      path: '/create_alert',
    });
  });
});
