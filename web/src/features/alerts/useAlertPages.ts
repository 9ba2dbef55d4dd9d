import { ALERT_PAGE_SIZE, refreshSelection, type Alert } from '@price-alerts/domain';
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getDb } from '../../lib/firebase';
import { watchAlertPage, type AlertCursor, type AlertList, type AlertPage } from '../../lib/repositories/alerts';
import { currentUserAtom } from '../../shared/session';
import { selectedAlertAtom } from './atoms';

export interface AlertPages {
  /** Every alert of the pages loaded so far, newest first, each once. */
  alerts: Alert[];
  /** The first page has not arrived yet. */
  loading: boolean;
  /** A next page may exist and none is loading. */
  canLoadMore: boolean;
  /** A page is on its way after 'Load more'. */
  loadingMore: boolean;
  failed: boolean;
  loadMore: () => void;
}

/**
 * A full list ('See all'), one live query per loaded page, each starting after the last alert of
 * the page before. Live, so a pause or delete from the details sheet shows at once, and the sheet's
 * selection follows the pages as on the dashboard.
 */
export function useAlertPages(list: AlertList): AlertPages {
  const uid = useAtomValue(currentUserAtom)?.uid;
  const store = useStore();
  // The cursor each loaded page starts after (null: the first page).
  const [cursors, setCursors] = useState<(AlertCursor | null)[]>([null]);
  const [pages, setPages] = useState<(AlertPage | undefined)[]>([]);
  const [failed, setFailed] = useState(false);
  const count = cursors.length;
  // Each page's listener, by page index, for as long as the screen shows the list.
  const stops = useRef(new Map<number, () => void>());

  useEffect(() => {
    const current = stops.current;
    return () => {
      for (const stop of current.values()) stop();
      current.clear();
    };
  }, [uid, list]);

  useEffect(() => {
    if (!uid) return;
    cursors.forEach((after, index) => {
      if (stops.current.has(index)) return;
      let cancelled = false;
      stops.current.set(index, () => {
        cancelled = true;
      });
      const failedNow = () => {
        if (!cancelled) setFailed(true);
      };
      getDb().then((db) => {
        if (cancelled) return;
        const stop = watchAlertPage(
          db,
          uid,
          list,
          ALERT_PAGE_SIZE,
          after,
          (page) => {
            setPages((all) => Object.assign([...all], { [index]: page }));
            store.set(selectedAlertAtom, (selected) =>
              refreshSelection(selected, { active: page.alerts, previous: [] }),
            );
          },
          failedNow,
        );
        stops.current.set(index, stop);
      }, failedNow);
    });
  }, [uid, list, store, cursors]);

  const last = pages[count - 1];
  const loadMore = useCallback(() => {
    const next = last?.next;
    if (next) setCursors((all) => (all.includes(next) ? all : [...all, next]));
  }, [last]);

  const seen = new Set<string>();
  const alerts = pages.flatMap((page) => page?.alerts ?? []).filter((a) => !seen.has(a.id) && seen.add(a.id));
  return {
    alerts,
    loading: pages[0] === undefined && !failed,
    canLoadMore: Boolean(last?.next),
    loadingMore: count > 1 && last === undefined && !failed,
    failed,
    loadMore,
  };
}
