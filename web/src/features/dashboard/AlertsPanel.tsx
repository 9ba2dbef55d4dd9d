import { ACTIVE_ALERTS_LIMIT, PREVIOUS_ALERTS_LIMIT } from '@price-alerts/domain/common';
import { type Alert } from '@price-alerts/domain/store';
import { DASHBOARD_TEXT } from '@price-alerts/domain/copy';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { currentUserAtom } from '../../shared/session';
import { AlertRow } from './AlertRow';
import { SKELETON_ROW_PX, SkeletonRows } from './SkeletonRows';
import { readListHeights, rememberListHeight } from '../../shared/firstPaint/lastListHeights';
import {
  alertListsAtom,
  alertListsFullAtom,
  alertListsLoadedAtom,
  selectedAlertAtom,
  showAlertDetailsAtom,
} from './atoms';
import { useFollowAlertPairs } from './useFollowAlertPairs';
import './AlertsPanel.css';

const EMPTY = {
  active: 'You have no active alerts right now. Tap the + sign to create one and start monitoring!',
  previous: 'You have no previous alerts yet. Once alerts are triggered or cancelled, they will appear here.',
} as const;

/** The dashboard shows at most this many of each list (a product limit); 'See all' shows the rest. */
const CAPS = { active: ACTIVE_ALERTS_LIMIT, previous: PREVIOUS_ALERTS_LIMIT } as const;

function EmptyState({ text }: { text: string }) {
  return (
    <div className="empty">
      <svg className="empty-art" viewBox="0 0 120 90" width="120" height="90" aria-hidden="true">
        <rect x="10" y="20" width="100" height="60" rx="10" className="empty-art-card" />
        <path
          d="M22 66 44 48l14 9 22-20 18 12"
          fill="none"
          className="empty-art-line"
          strokeWidth="5"
          strokeLinecap="round"
        />
        <circle cx="92" cy="22" r="16" className="empty-art-badge" />
        <path d="M92 14v16M84 22h16" className="empty-art-plus" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <p>{text}</p>
    </div>
  );
}

/**
 * While a list is on its way, its skeleton takes the height the list last had here (lastListHeights.ts),
 * so that the Top Currency Pairs under it stay put when it arrives; with nothing remembered, three rows.
 */
function useListHeight(
  ref: RefObject<HTMLDivElement | null>,
  uid: string | undefined,
  tab: 'active' | 'previous',
  loading: boolean,
) {
  const store = useStore();
  const remembered = useMemo(() => (uid ? readListHeights(uid) : null), [uid]);
  // A layout effect, so that the observer is gone in the same commit that removes the list or changes
  // the user: a report in between would keep a removed list's 0, or one user's height for another.
  useLayoutEffect(() => {
    const list = ref.current;
    if (!uid || loading || !list || typeof ResizeObserver === 'undefined') return;
    // Told by a ResizeObserver, after the browser's own layout: reading the height here would force a
    // layout of the whole new list in the commit's task, a long task on a phone.
    const observer = new ResizeObserver((entries) => {
      const box = entries.at(-1)?.borderBoxSize[0];
      // The store's user changes at once on sign-out; the render that removes this list comes later.
      const still = store.get(currentUserAtom)?.uid === uid && list.isConnected;
      if (box && box.blockSize > 0 && still) rememberListHeight(uid, tab, box.blockSize);
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [ref, uid, tab, loading, store]);
  const px = loading ? remembered?.[tab] : undefined;
  if (px === undefined) return { style: undefined, rows: undefined };
  const rows = Math.min(CAPS[tab], Math.max(1, Math.floor(px / SKELETON_ROW_PX)));
  return { style: { minHeight: px }, rows };
}

export function AlertsPanel({ initialTab = 'active' }: { initialTab?: 'active' | 'previous' }) {
  const lists = useAtomValue(alertListsAtom);
  const loadedFor = useAtomValue(alertListsLoadedAtom);
  const full = useAtomValue(alertListsFullAtom);
  const uid = useAtomValue(currentUserAtom)?.uid;
  const setSelected = useSetAtom(selectedAlertAtom);
  const setShowDetails = useSetAtom(showAlertDetailsAtom);
  const [tab, setTab] = useState<'active' | 'previous'>(initialTab);
  const alerts = lists[tab];
  const loading = !uid || loadedFor[tab] !== uid;
  useFollowAlertPairs(lists.active);
  const listRef = useRef<HTMLDivElement>(null);
  const held = useListHeight(listRef, uid, tab, loading);
  const open = (alert: Alert) => {
    setSelected(alert);
    setShowDetails(true);
  };
  return (
    <section className="card alerts-panel" aria-label="Alerts">
      <div className="tabs" role="tablist">
        {(['active', 'previous'] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls="alerts-tabpanel"
            className={tab === id ? 'tab active' : 'tab'}
            onClick={() => setTab(id)}
          >
            {id.toUpperCase()}
          </button>
        ))}
      </div>
      <div
        ref={listRef}
        role="tabpanel"
        id="alerts-tabpanel"
        aria-labelledby={`tab-${tab}`}
        aria-busy={loading}
        style={held.style}
      >
        {loading ? (
          <SkeletonRows count={held.rows} />
        ) : alerts.length === 0 ? (
          <EmptyState text={EMPTY[tab]} />
        ) : (
          <ul className="alert-list">
            {alerts.map((alert) => (
              <AlertRow key={alert.id} alert={alert} previous={tab === 'previous'} onOpen={() => open(alert)} />
            ))}
          </ul>
        )}
        {/* At the cap there may be more than the dashboard shows (documents it cannot read count too). */}
        {!loading && (alerts.length >= CAPS[tab] || full[tab]) && (
          <Link className="see-all" to={`/alerts/${tab}`}>
            {DASHBOARD_TEXT.seeAll}
            <span className="visually-hidden"> {tab} alerts</span>
          </Link>
        )}
      </div>
    </section>
  );
}
