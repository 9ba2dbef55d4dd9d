/**
 * The chart itself, loaded only with the screens that show it (ChartPanel.tsx): TradingView's
 * lightweight-charts, candles of one pair, side and range, the relay's history with the live ticks folded
 * in, the trigger line (dragged by levelDrag.ts), the other alerts' levels and a marked point.
 */
import {
  CandlestickSeries,
  ColorType,
  LineStyle,
  TickMarkType,
  createChart,
  createSeriesMarkers,
  type AutoscaleInfo,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { pairDecimals, type CurrencyPair, type PriceSide } from '@price-alerts/domain/common';
import {
  CHART_RANGE_SPEC,
  bucketStart,
  foldCandle,
  mergeCandles,
  tickSidePrice,
  type Candle,
  type ChartRange,
} from '@price-alerts/domain/prices';
import type { LivePrice } from '@price-alerts/domain/store';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { attachLevelDrag } from './levelDrag';
import { gapSlots, toBar, toBars, type Bar, type ChartLine, type ChartPoint } from './chartData';

export interface PriceChartProps {
  pair: CurrencyPair;
  side: PriceSide;
  range: ChartRange;
  /** The relay's candles; undefined until they arrive. */
  candles: readonly Candle[] | undefined;
  live: LivePrice | undefined;
  /** The trigger line, solid, or dashed when it only offers a start (no level typed yet). */
  level: ChartLine | undefined;
  ghost: boolean;
  /** Set when the line may be dragged; called with each new price. */
  onLevel?: ((price: number) => void) | undefined;
  others: readonly ChartLine[];
  guides: readonly ChartLine[];
  point: ChartPoint | undefined;
  /** Told when the candles asked for are drawn: the screen shows the chart is ready. */
  onDrawn(drawn: boolean): void;
}

interface Api {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  markers: ISeriesMarkersPluginApi<Time>;
  level: IPriceLine | null;
  extra: IPriceLine[];
}

function colors(host: HTMLElement) {
  const css = getComputedStyle(host);
  const v = (name: string) => css.getPropertyValue(name).trim();
  return {
    text: v('--muted'),
    surface: v('--surface'),
    grid: v('--border'),
    up: v('--success'),
    down: v('--danger'),
    level: v('--primary'),
    faint: v('--border-strong'),
    guide: v('--warning'),
  };
}

const timeOfDay = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayOfMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const crosshairTime = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const msOf = (time: Time) => (time as number) * 1000;

function themed(host: HTMLElement) {
  const c = colors(host);
  return {
    // The license's link to TradingView is shown as text under the chart (ChartPanel), where a screen reader
    // and the keyboard reach it; the logo would sit inside the slider, a link inside a control.
    layout: { background: { type: ColorType.Solid, color: c.surface }, textColor: c.text, attributionLogo: false },
    grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
    rightPriceScale: { borderColor: c.grid },
    timeScale: { borderColor: c.grid },
  };
}

export default function PriceChart(props: PriceChartProps) {
  const { pair, side, range, candles, live, level, ghost, others, guides, point } = props;
  const host = useRef<HTMLDivElement>(null);
  const api = useRef<Api | null>(null);
  const latest = useRef(props);
  const working = useRef<{ key: string; candles: Candle[] }>({ key: '', candles: [] });
  const dragging = useRef(false);
  const key = `${pair}|${side}|${range}`;
  useLayoutEffect(() => {
    latest.current = props;
  });

  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const chart = createChart(element, {
      autoSize: true,
      ...themed(element),
      // A vertical drag off the line scrolls the page, as a finger on a phone expects.
      handleScroll: { vertTouchDrag: false },
      timeScale: {
        ...themed(element).timeScale,
        timeVisible: true,
        secondsVisible: false,
        tickMarkFormatter: (time: Time, type: TickMarkType) =>
          (type <= TickMarkType.DayOfMonth ? dayOfMonth : timeOfDay).format(msOf(time)),
      },
      localization: { timeFormatter: (time: Time) => crosshairTime.format(msOf(time)) },
    });
    const c = colors(element);
    const series = chart.addSeries(CandlestickSeries, {
      upColor: c.up,
      downColor: c.down,
      wickUpColor: c.up,
      wickDownColor: c.down,
      borderVisible: false,
      priceLineVisible: false,
      // The level and the move's lines are kept in view, except while a drag holds the scale still.
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const info = original();
        const { level: line, guides: more } = latest.current;
        const prices = [...(line ? [line.price] : []), ...more.map((g) => g.price)];
        if (!info?.priceRange || prices.length === 0) return info;
        const { minValue, maxValue } = info.priceRange;
        return {
          ...info,
          priceRange: { minValue: Math.min(minValue, ...prices), maxValue: Math.max(maxValue, ...prices) },
        };
      },
    });
    api.current = { chart, series, markers: createSeriesMarkers(series, []), level: null, extra: [] };
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    const recolor = () => {
      const next = colors(element);
      chart.applyOptions(themed(element));
      series.applyOptions({ upColor: next.up, downColor: next.down, wickUpColor: next.up, wickDownColor: next.down });
    };
    scheme.addEventListener('change', recolor);
    const detach = attachLevelDrag(element, {
      lineY: () => {
        const { level: line, onLevel } = latest.current;
        return line && onLevel ? series.priceToCoordinate(line.price) : null;
      },
      priceAt: (y) => series.coordinateToPrice(y),
      start: () => {
        dragging.current = true;
        series.priceScale().applyOptions({ autoScale: false });
      },
      move: (price) => {
        const rounded = Number(price.toFixed(pairDecimals(latest.current.pair)));
        api.current?.level?.applyOptions({ price: rounded });
        latest.current.onLevel?.(rounded);
      },
      end: () => {
        dragging.current = false;
        series.priceScale().applyOptions({ autoScale: true });
      },
    });
    return () => {
      detach();
      scheme.removeEventListener('change', recolor);
      chart.remove();
      api.current = null;
    };
  }, []);

  useEffect(() => {
    const decimals = pairDecimals(pair);
    api.current?.series.applyOptions({ priceFormat: { type: 'price', precision: decimals, minMove: 10 ** -decimals } });
  }, [pair]);

  // The relay's candles, joined with what this chart folded meanwhile (theirs win where both hold a bucket).
  const { onDrawn } = props;
  useEffect(() => {
    const a = api.current;
    if (!a) return;
    const mine = working.current.key === key ? working.current.candles : [];
    working.current = { key, candles: mergeCandles(candles ?? [], mine, range) };
    const bars = toBars(working.current.candles, range);
    a.series.setData(bars as Parameters<typeof a.series.setData>[0]);
    // The whole range's width whatever history there is: bars keep their width, and a short history
    // shows as the empty time before it rather than a few stretched candles.
    // A little room after the last bar keeps the newest time label clear of the price axis.
    const span = CHART_RANGE_SPEC[range].count;
    a.chart.timeScale().setVisibleLogicalRange({ from: bars.length - span, to: bars.length + 1 + span * 0.06 });
    onDrawn(candles !== undefined);
  }, [candles, key, range, onDrawn]);

  // Each tick moves the last candle or starts one: a few bars' work, not a redraw of the range.
  useEffect(() => {
    const a = api.current;
    if (!a || !live || working.current.key !== key) return;
    const all = working.current.candles;
    const before = all.at(-1);
    const done = foldCandle(all, range, tickSidePrice(side, live.ask, live.bid), live.timestamp, Date.now());
    const last = all.at(-1);
    if (done === 'none' || !last) return;
    const update = (bar: Bar) => a.series.update(bar as Parameters<typeof a.series.update>[0]);
    if (done === 'older') a.series.setData(toBars(all, range) as Parameters<typeof a.series.setData>[0]);
    else if (done === 'new' && before)
      for (const slot of gapSlots(before.t, last.t, CHART_RANGE_SPEC[range].stepMs)) update(slot);
    if (done !== 'older') update(toBar(last));
  }, [live, key, range, side]);

  useEffect(() => {
    const a = api.current;
    if (!a) return;
    if (!level) {
      if (a.level) a.series.removePriceLine(a.level);
      a.level = null;
      return;
    }
    const options = {
      price: level.price,
      title: level.title,
      lineStyle: ghost ? LineStyle.Dashed : LineStyle.Solid,
    };
    // A drag has already moved the line; the field's value following it is the same price.
    if (a.level) a.level.applyOptions(options);
    else if (host.current)
      a.level = a.series.createPriceLine({ ...options, color: colors(host.current).level, lineWidth: 2 });
  }, [level, ghost]);

  useEffect(() => {
    const a = api.current;
    const element = host.current;
    if (!a || !element) return;
    const c = colors(element);
    for (const line of a.extra) a.series.removePriceLine(line);
    a.extra = [
      ...others.map((o) =>
        a.series.createPriceLine({ ...o, color: c.faint, lineWidth: 1, lineStyle: LineStyle.Dotted }),
      ),
      ...guides.map((g) =>
        a.series.createPriceLine({ ...g, color: c.guide, lineWidth: 1, lineStyle: LineStyle.Dashed }),
      ),
    ];
  }, [others, guides]);

  useEffect(() => {
    const a = api.current;
    const first = working.current.candles[0];
    const element = host.current;
    if (!a || !element) return;
    const shown = point && first && point.at >= first.t;
    a.markers.setMarkers(
      shown
        ? [
            {
              time: (bucketStart(point.at, CHART_RANGE_SPEC[range].stepMs) / 1000) as UTCTimestamp,
              position: 'atPriceMiddle',
              price: point.price,
              shape: 'circle',
              color: colors(element).level,
              text: point.text,
            },
          ]
        : [],
    );
  }, [point, range, candles]);

  // Where the trigger line is drawn, once the chart has laid this render out: the drag's own hit test asks
  // the chart directly; this is for what drives the screen from outside (the browser tests).
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const element = host.current;
      const y = level && api.current?.series.priceToCoordinate(level.price);
      if (element) element.dataset.lineY = typeof y === 'number' ? String(Math.round(y)) : '';
    });
    return () => cancelAnimationFrame(frame);
  });

  return <div ref={host} className="price-chart" />;
}
