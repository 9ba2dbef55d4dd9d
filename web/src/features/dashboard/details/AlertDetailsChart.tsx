import { DEFAULT_PRICE_SIDE, toDate, type DateLike } from '@price-alerts/domain/common';
import { isLevelAlert } from '@price-alerts/domain/alerts';
import { type Alert } from '@price-alerts/domain/store';
import { ChartPanel } from '../../../shared/chart/ChartPanel';
import type { ChartPoint } from '../../../shared/chart/chartData';
import { LEVEL_NAMES } from '../../../shared/chart/usePairAlertLines';

/** Where the alert last fired: its firing's price and time, the last one of an every-time alert. */
export function firedPoints(alert: Alert): ChartPoint[] {
  const at = alert.lastFiredAt ?? toDate(alert.triggeredAt as DateLike)?.getTime();
  const price = alert.lastFiredPrice ?? alert.triggeredPrice;
  return at !== undefined && price !== undefined ? [{ at, price, text: 'Fired' }] : [];
}

/** The details sheet's chart: the alert's pair and side, its level, and a mark where it fired. */
export function AlertDetailsChart({ alert }: { alert: Alert }) {
  const level = isLevelAlert(alert) ? alert.triggerPrice : undefined;
  return (
    <ChartPanel
      pair={alert.currencyPair}
      side={alert.priceSide ?? DEFAULT_PRICE_SIDE}
      level={level}
      levelName={isLevelAlert(alert) ? LEVEL_NAMES[alert.alertType] : ''}
      points={firedPoints(alert)}
    />
  );
}
