import { pairDecimals, pairToSymbol, type CurrencyPair, type PriceSide } from '@price-alerts/domain/common';
import { levelDistance, sidePrice } from '@price-alerts/domain/alerts';
import { CHART_RANGES, CHART_RANGE_SPEC, priceStatusWords, type ChartRange } from '@price-alerts/domain/prices';
import { atom, useAtom, useAtomValue } from 'jotai';
import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { loadAgainOnce } from '../../lib/loadAgain';
import { ChartBoundary } from './ChartBoundary';
import { candlesAtom, chartKey } from '../prices/atoms';
import { usePriceFeedClient } from '../prices/feed';
import { useFollowPairs } from '../prices/useFollowPairs';
import { usePairPrice } from '../prices/usePairPrice';
import { chartFacts, chartSummary, keyStep, levelPrice, type ChartLine, type ChartPoint } from './chartData';
import './ChartPanel.css';

const loadChart = () => loadAgainOnce(() => import('./PriceChart'));
const PriceChart = lazy(loadChart);

/** Starts loading the chart's code before it is shown: the create screen asks as it opens, not when a pair is picked. */
export function preloadChart(): void {
  void loadChart().catch(() => undefined);
}

/** The range last chosen, kept while the app is open: a trader who reads the week reads it on the next chart too. */
const chartRangeAtom = atom<ChartRange>('1d');

const RANGE_NAMES: Record<ChartRange, string> = { '1h': '1H', '1d': '1D', '1w': '1W' };
/** The least time between two requests for a chart's candles. */
export const ASK_SPACING_MS = 300;

export interface ChartPanelProps {
  pair: CurrencyPair;
  side: PriceSide;
  /** The trigger price and the line's short name ('Above'), or undefined with none set yet. */
  level: number | undefined;
  levelName: string;
  /** When set, the line can be dragged or moved with the keys, and this gets the new price as the field holds it. */
  onLevel?: ((value: string) => void) | undefined;
  others?: readonly ChartLine[];
  guides?: readonly ChartLine[];
  points?: readonly ChartPoint[];
}

const NONE: readonly ChartLine[] = [];
const NO_POINTS: readonly ChartPoint[] = [];

/**
 * A pair's chart with the alert's level: the range buttons, whether the price is live, the chart (loaded
 * apart) and the chart in words. While the level can be set, the chart is a vertical slider: the keys move
 * the line as a drag does, and the number field stays the way to type an exact price.
 */
export function ChartPanel(props: ChartPanelProps) {
  const { pair, side, level, levelName, onLevel, others = NONE, guides = NONE, points = NO_POINTS } = props;
  const [range, setRange] = useAtom(chartRangeAtom);
  const feed = usePriceFeedClient();
  const summaryId = useId();
  const [drawn, setDrawn] = useState(false);
  useFollowPairs([pair]);
  // Asked for at once, unless another was asked for within ASK_SPACING_MS: then once the choice has stood that
  // long, so a finger or a key running through sides and ranges sends a request now and then, not one a step
  // (the relay closes a socket that sends more than 5 messages a second).
  const lastAsk = useRef(0);
  useEffect(() => {
    let stop = () => {};
    const ask = () => {
      lastAsk.current = Date.now();
      stop = feed.watchCandles({ symbol: pairToSymbol(pair), side, range });
    };
    const wait = lastAsk.current + ASK_SPACING_MS - Date.now();
    const timer = wait > 0 ? setTimeout(ask, wait) : undefined;
    if (timer === undefined) ask();
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [feed, pair, side, range]);
  const candles = useAtomValue(candlesAtom)[chartKey(pair, side, range)];
  const { status, now, text } = usePairPrice(pair);
  const live = status.kind === 'none' ? undefined : status.price;
  const market = live ? sidePrice(live, side) : undefined;
  const facts = chartFacts(candles ?? [], market);
  const summary = chartSummary(pair, range, facts, level, points);
  const words = priceStatusWords(status, now);
  const decimals = pairDecimals(pair);
  // With no level yet, a dashed line at the market offers a start to drag from.
  const ghost = level === undefined && onLevel !== undefined && market !== undefined;
  const shownLevel = level ?? (ghost ? market : undefined);
  const line = shownLevel === undefined ? undefined : { price: shownLevel, title: ghost ? 'Drag to set' : levelName };
  const onPrice = useCallback((price: number) => onLevel?.(price.toFixed(decimals)), [onLevel, decimals]);
  const onDrawn = useCallback((done: boolean) => setDrawn(done), []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const from = shownLevel ?? market;
    if (!onLevel || from === undefined) return;
    const up = event.key === 'ArrowUp' || event.key === 'ArrowRight' || event.key === 'PageUp';
    const down = event.key === 'ArrowDown' || event.key === 'ArrowLeft' || event.key === 'PageDown';
    if (!up && !down) return;
    event.preventDefault();
    const step = keyStep(decimals, from, event.key.startsWith('Page') || event.shiftKey);
    const next = from + (up ? step : -step);
    if (next > 0) onLevel(next.toFixed(decimals));
  }

  const slider = onLevel !== undefined && shownLevel !== undefined && facts !== undefined;
  return (
    <section className="card chart-panel" aria-label={`Chart of ${pair}`}>
      <div className="chart-head">
        <div className="chart-ranges" role="group" aria-label="Chart range">
          {CHART_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              className="chart-range"
              aria-pressed={r === range}
              onClick={() => setRange(r)}
            >
              {RANGE_NAMES[r]}
              <span className="visually-hidden"> ({CHART_RANGE_SPEC[r].label})</span>
            </button>
          ))}
        </div>
        {(text ?? words) && (
          <p className={`chart-status chart-status-${text ? 'feed' : status.kind}`}>
            {text ?? words?.flag}
            {!text && status.kind === 'delayed' && ` · ${words?.detail}`}
          </p>
        )}
      </div>
      <div
        className="chart-frame"
        data-state={drawn ? 'ready' : 'loading'}
        {...(slider
          ? {
              role: 'slider',
              tabIndex: 0,
              'aria-label': `Level on the chart of ${pair}`,
              'aria-orientation': 'vertical' as const,
              'aria-valuenow': shownLevel,
              'aria-valuemin': Math.min(facts.low, shownLevel),
              'aria-valuemax': Math.max(facts.high, shownLevel),
              'aria-valuetext': ghost
                ? 'No level set: use the arrow keys to set one'
                : `${levelPrice(pair, shownLevel)}, ${levelDistance(shownLevel, facts.last)}`,
              'aria-describedby': summaryId,
              onKeyDown,
            }
          : { 'aria-hidden': true })}
      >
        <ChartBoundary>
          <Suspense fallback={null}>
            <PriceChart
              pair={pair}
              side={side}
              range={range}
              candles={candles}
              live={live}
              level={line}
              ghost={ghost}
              onLevel={onLevel ? onPrice : undefined}
              others={others}
              guides={guides}
              points={points}
              onDrawn={onDrawn}
            />
          </Suspense>
        </ChartBoundary>
      </div>
      <p id={summaryId} className="chart-summary">
        {summary}
      </p>
      {/* The attribution the chart library's license (Apache-2.0, its NOTICE) asks for, with its link. */}
      <p className="chart-credit">
        Chart by{' '}
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
          TradingView Lightweight Charts™
        </a>
        , © TradingView, Inc.
      </p>
    </section>
  );
}
