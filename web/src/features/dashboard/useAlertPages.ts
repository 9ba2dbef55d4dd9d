import { type Alert } from '@price-alerts/domain/store';
import { ALERT_PAGE_SIZE } from '@price-alerts/domain/copy';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import type { AlertList, AlertPage } from '../../lib/repositories/alerts';
import { repository } from '../../lib/repositories/load';
import { currentUserAtom } from '../../shared/session';

export interface AlertPages {
  /** The newest alerts of the list, as many as loaded so far, each once. */
  alerts: Alert[];
  /** The first page has not arrived yet. */
  loading: boolean;
  /** More may exist (the last snapshot came back full) and none is loading. */
  canLoadMore: boolean;
  /** More are on their way after 'Load more'. */
  loadingMore: boolean;
  failed: boolean;
  loadMore: () => void;
  /** Listens again after a failure, keeping the size asked for. */
  retry: () => void;
}

/**
 * A full list ('See all') as one live query whose size grows by a page on 'Load more'. Live, so a
 * pause or delete from the details sheet shows at once; one query, so an alert that arrives or moves
 * between lists meanwhile never falls between pages.
 */
export function useAlertPages(list: AlertList): AlertPages {
  const uid = useAtomValue(currentUserAtom)?.uid;
  const [size, setSize] = useState(ALERT_PAGE_SIZE);
  // The last snapshot and the size it answered: while a larger size is on its way, it still shows.
  const [shown, setShown] = useState<(AlertPage & { size: number }) | undefined>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!uid) return;
    let stop: (() => void) | undefined;
    let live = true;
    const failedNow = () => live && setFailed(true);
    repository('alerts').then(([db, { watchAlertList }]) => {
      if (!live) return;
      stop = watchAlertList(db, uid, list, size, (page) => live && setShown({ ...page, size }), failedNow);
    }, failedNow);
    return () => {
      live = false;
      stop?.();
    };
  }, [uid, list, size, attempt]);

  // Pending: the larger size has not answered yet, or only the cache has (it holds the smaller size's
  // alerts, so 'not full' from it says nothing).
  const pending = shown !== undefined && (shown.size < size || (shown.fromCache && !shown.full));
  const loadingMore = pending && !failed;
  const canLoadMore = shown !== undefined && shown.full && !pending && !failed;
  const loadMore = useCallback(() => {
    if (canLoadMore) setSize((current) => current + ALERT_PAGE_SIZE);
  }, [canLoadMore]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);

  return {
    alerts: shown?.alerts ?? [],
    loading: shown === undefined && !failed,
    canLoadMore,
    loadingMore,
    failed,
    loadMore,
    retry,
  };
}
