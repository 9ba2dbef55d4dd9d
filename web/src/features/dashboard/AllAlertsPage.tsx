import { type Alert } from '@price-alerts/domain/store';
import { DASHBOARD_TEXT } from '@price-alerts/domain/copy';
import { useSetAtom } from 'jotai';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../shared/PageHeader';
import { AlertDetailsSheet } from './details/AlertDetailsSheet';
import { AlertRow } from './AlertRow';
import { SkeletonRows } from './SkeletonRows';
import { selectedAlertAtom, showAlertDetailsAtom } from './atoms';
import { useAlertPages } from './useAlertPages';
import { useFollowAlertPairs } from './useFollowAlertPairs';
import { useFollowSelection } from './useFollowSelection';
import './AllAlertsPage.css';

type List = 'active' | 'previous';

const TITLES: Record<List, string> = {
  active: DASHBOARD_TEXT.allActiveTitle,
  previous: DASHBOARD_TEXT.allPreviousTitle,
};

const EMPTY: Record<List, string> = {
  active: 'You have no active alerts right now.',
  previous: 'You have no previous alerts yet.',
};

function AllAlerts({ list }: { list: List }) {
  const pages = useAlertPages(list);
  const setSelected = useSetAtom(selectedAlertAtom);
  const setShowDetails = useSetAtom(showAlertDetailsAtom);
  useFollowAlertPairs(list === 'active' ? pages.alerts : []);
  useFollowSelection();
  const open = (alert: Alert) => {
    setSelected(alert);
    setShowDetails(true);
  };
  let body;
  if (pages.failed && pages.alerts.length === 0) body = null;
  else if (pages.loading) body = <SkeletonRows count={6} />;
  else if (pages.alerts.length === 0) body = <p className="all-alerts-note">{EMPTY[list]}</p>;
  else
    body = (
      <ul className="alert-list">
        {pages.alerts.map((alert) => (
          <AlertRow key={alert.id} alert={alert} previous={list === 'previous'} onOpen={() => open(alert)} />
        ))}
      </ul>
    );
  return (
    <main className="page all-alerts">
      <PageHeader title={TITLES[list]} back="/dashboard" />
      <section className="card" aria-label={TITLES[list]} aria-busy={pages.loading || pages.loadingMore}>
        {body}
        {pages.canLoadMore && (
          <button type="button" className="button button-secondary" onClick={pages.loadMore}>
            {DASHBOARD_TEXT.loadMore}
          </button>
        )}
        {pages.loadingMore && <SkeletonRows count={2} />}
        {pages.failed && (
          // Under what did load: a failed 'Load more' keeps the rows and says so where the button was.
          <div className="all-alerts-failed">
            <p className="form-error" role="alert">
              {DASHBOARD_TEXT.listFailed}
            </p>
            <button type="button" className="button button-secondary" onClick={pages.retry}>
              {DASHBOARD_TEXT.retry}
            </button>
          </div>
        )}
      </section>
      <AlertDetailsSheet />
    </main>
  );
}

/** /alerts/active and /alerts/previous ('See all'): every alert of that list, a page at a time. */
export default function AllAlertsPage() {
  const { list } = useParams();
  // The router lets only the two lists through (its loader answers 404 for anything else).
  const which: List = list === 'previous' ? 'previous' : 'active';
  // Keyed, so moving between the two lists starts from the first page.
  return <AllAlerts key={which} list={which} />;
}
