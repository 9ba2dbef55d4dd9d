import { type AlertType } from '@price-alerts/domain/common';
import { parseTriggerPrice, sidePrice, type MoveShape } from '@price-alerts/domain/alerts';
import { type SeedPoint } from '@price-alerts/domain/prices';
import { type Draft } from '@price-alerts/domain/store';
import { useAtomValue } from 'jotai';
import { ChartPanel } from '../../shared/chart/ChartPanel';
import { moveGuides } from '../../shared/chart/chartData';
import { LEVEL_NAMES, usePairAlertLines } from '../../shared/chart/usePairAlertLines';
import { pairPriceAtom } from '../../shared/prices/atoms';
import { useNow } from '../../shared/useNow';

/**
 * The form's chart once a pair is chosen: a level alert's trigger line, dragged to set the price (the field
 * follows it, and typing moves it); a move alert's reference and the level its threshold reaches instead.
 */
export function AlertChart(props: {
  draft: Draft;
  move: (MoveShape & { movePercent?: number | undefined }) | null;
  stored: SeedPoint | undefined;
  alertId: string | undefined;
  onLevel: (triggerPrice: string) => void;
}) {
  const { draft, move, stored, alertId, onLevel } = props;
  const pair = draft.currencyPair;
  const others = usePairAlertLines(pair, alertId);
  const live = useAtomValue(pairPriceAtom(pair || 'EUR/USD'));
  const now = useNow();
  if (!pair) return null;
  if (move) {
    const guides = moveGuides(move, stored, live ? sidePrice(live, draft.priceSide) : undefined, now);
    return (
      <ChartPanel
        pair={pair}
        side={draft.priceSide}
        level={undefined}
        levelName=""
        others={others}
        guides={guides.lines}
        points={guides.points}
      />
    );
  }
  const type = draft.alertType as AlertType | '';
  return (
    <ChartPanel
      pair={pair}
      side={draft.priceSide}
      level={parseTriggerPrice(draft.triggerPrice)}
      levelName={type ? LEVEL_NAMES[type] : 'Level'}
      onLevel={onLevel}
      others={others}
    />
  );
}
