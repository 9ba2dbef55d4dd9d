import { MINUTE_MS, dayChange, type MinuteClose, type PairDay } from '@price-alerts/domain/prices';
import './PairTrend.css';

const WIDTH = 120;
const HEIGHT = 32;
const PAD = 2;

/**
 * The polyline of the last hour's minute closes, placed by minute (a gap stays a gap in time) across
 * the time they cover: a feed up for ten minutes draws those ten across the width, not in its last sixth.
 */
function points(closes: readonly MinuteClose[]): { line: string; y: (ask: number) => number } {
  const last = closes.at(-1)?.minute ?? 0;
  const first = closes[0]?.minute ?? last;
  const span = Math.max(last - first, MINUTE_MS);
  const asks = closes.map((c) => c.ask);
  const [low, high] = [Math.min(...asks), Math.max(...asks)];
  const y = (ask: number) => (high === low ? HEIGHT / 2 : PAD + ((high - ask) / (high - low)) * (HEIGHT - 2 * PAD));
  const x = (minute: number) => ((minute - first) / span) * WIDTH;
  // One close alone is drawn as a level line across the width.
  const only = closes.length === 1 ? closes[0] : undefined;
  const shown = only ? [only, { ...only, minute: first + span }] : closes;
  return { line: shown.map((c) => `${x(c.minute).toFixed(1)},${y(c.ask).toFixed(1)}`).join(' '), y };
}

/**
 * Under a top card's ask: the change since the day's open, signed and in words for assistive
 * technology (never colour alone), and a sparkline of the last hour with the open as a dashed line
 * when it lies within the hour's range. Nothing until the relay has sent the pair's day; no change
 * (the line alone) when the open makes it absurd (dayChange).
 */
export function PairTrend({ day, ask }: { day: PairDay | undefined; ask: number | undefined }) {
  if (!day || ask === undefined) return <span className="pair-trend" />;
  const change = dayChange(day, ask);
  const { line, y } = points(day.closes);
  const asks = day.closes.map((c) => c.ask);
  const openShown = day.open >= Math.min(...asks) && day.open <= Math.max(...asks);
  return (
    <span className={change ? `pair-trend pair-trend-${change.direction}` : 'pair-trend'}>
      <span className="pair-change">
        {change && (
          <>
            <span aria-hidden="true">{change.text}</span>
            <span className="visually-hidden">{change.spoken}</span>
          </>
        )}
      </span>
      <svg
        className="sparkline"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {openShown && <line className="sparkline-open" x1="0" x2={WIDTH} y1={y(day.open)} y2={y(day.open)} />}
        <polyline points={line} />
      </svg>
    </span>
  );
}
