import { type AlertType, type CurrencyPair } from '@price-alerts/domain/common';
import { isLevelAlert } from '@price-alerts/domain/alerts';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { repository } from '../../lib/repositories/load';
import { currentUserAtom } from '../session';
import type { ChartLine } from './chartData';

/** A level's short name on the chart's price axis. */
export const LEVEL_NAMES: Record<AlertType, string> = {
  'Price rising above': 'Above',
  'Price dropping below': 'Below',
  'Price reaching': 'Reach',
};

const NONE: readonly ChartLine[] = [];

/**
 * The user's other active and paused levels on the pair, as faint lines with their type: where their levels
 * stand beside the one being set. Read once per pair shown (one query, asked of the server again on each
 * opening while online); none while the read is under way or if it fails, which costs the chart nothing else.
 */
export function usePairAlertLines(pair: CurrencyPair | '', exceptId?: string): readonly ChartLine[] {
  const uid = useAtomValue(currentUserAtom)?.uid;
  const [found, setFound] = useState<{ pair: string; lines: readonly ChartLine[] }>({ pair: '', lines: NONE });
  useEffect(() => {
    if (!uid || !pair) return;
    let live = true;
    repository('alerts')
      .then(([db, { getPairAlerts }]) => getPairAlerts(db, uid, pair))
      .then(
        (alerts) => {
          if (!live) return;
          const lines = alerts.filter(isLevelAlert).flatMap((a) =>
            a.id === exceptId
              ? []
              : [
                  {
                    price: a.triggerPrice,
                    title: `${LEVEL_NAMES[a.alertType]}${a.status === 'paused' ? ' (paused)' : ''}`,
                  },
                ],
          );
          setFound({ pair, lines });
        },
        (error: unknown) => console.warn('The pair’s other alerts did not load', error),
      );
    return () => {
      live = false;
    };
  }, [uid, pair, exceptId]);
  return found.pair === pair ? found.lines : NONE;
}
