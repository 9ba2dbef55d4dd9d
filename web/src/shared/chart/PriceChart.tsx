/**
 * The chart itself, loaded only with the screens that show it (ChartPanel.tsx): TradingView's
 * lightweight-charts, candles of one pair, side and range, the relay's history with the live ticks folded
 * in, the trigger line (dragged by levelDrag.ts), the other alerts' levels and the points marked.
 */
import {
  CandlestickSeries,
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
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { attachLevelDrag } from './levelDrag';
import { colors, crosshairTime, dayOfMonth, msOf, themed, timeOfDay } from './chartTheme';
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
  points: readonly ChartPoint[];
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

export default function PriceChart(props: PriceChartProps) {
  const { pair, side, range, candles, live, level, ghost } = props;
  const host = useRef<HTMLDivElement>(null);
  const api = useRef<Api | null>(null);
  const latest = useRef(props);
  const working = useRef<{ key: string; candles: Candle[] }>({ key: '', candles: [] });
  /** The chart and the history its view was last fitted to: a later answer for it leaves a panned view alone. */
  const fitted = useRef('');
  const key = `${pair}|${side}|${range}`;
  // The lines and points by value: a caller's new arrays of the same lines (each tick's render) redraw nothing.
  const othersKey = JSON.stringify(props.others);
  const guidesKey = JSON.stringify(props.guides);
  const pointsKey = JSON.stringify(props.points);
  /** Bumped when the system's scheme changes, so the lines and marks take the new colours. */
  const [palette, setPalette] = useState(0);
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
      setPalette((n) => n + 1);
    };
    scheme.addEventListener('change', recolor);
    const detach = attachLevelDrag(element, {
      lineY: () => {
        const { level: line, onLevel } = latest.current;
        return line && onLevel ? series.priceToCoordinate(line.price) : null;
      },
      priceAt: (y) => series.coordinateToPrice(y),
      start: () => series.priceScale().applyOptions({ autoScale: false }),
      move: (price) => {
        const rounded = Number(price.toFixed(pairDecimals(latest.current.pair)));
        api.current?.level?.applyOptions({ price: rounded });
        latest.current.onLevel?.(rounded);
      },
      end: () => series.priceScale().applyOptions({ autoScale: true }),
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

  // The relay's candles, joined with what this chart folded meanwhile: where both hold a bucket, the relay's
  // open and close, and the higher high and lower low of the two (mergeCandles).
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
    // Fitted to a new chart, and again when its history first arrives; a later answer (a reconnect's) keeps
    // where the user panned. A little room after the last bar keeps the newest time label off the price axis.
    const fit = `${key}|${candles !== undefined}`;
    if (fitted.current !== fit) {
      fitted.current = fit;
      const span = CHART_RANGE_SPEC[range].count;
      a.chart.timeScale().setVisibleLogicalRange({ from: bars.length - span, to: bars.length + 1 + span * 0.06 });
    }
    onDrawn(candles !== undefined);
  }, [candles, key, range, onDrawn]);

  // Each tick moves the last candle or starts one: a few bars' work, not a redraw of the range.
  useEffect(() => {
    const a = api.current;
    if (!a || !live || working.current.key !== key) return;
    const all = working.current.candles;
    const before = all.at(-1);
    // The clock that judges a tick too far ahead: the device's, or, on a device whose clock is slow, the end
    // of the newest candle (the relay's clock put it there), so a slow clock does not freeze the chart.
    const { stepMs } = CHART_RANGE_SPEC[range];
    const clock = Math.max(Date.now(), (before?.t ?? 0) + stepMs);
    const done = foldCandle(all, range, tickSidePrice(side, live.ask, live.bid), live.timestamp, clock);
    const last = all.at(-1);
    if (done === 'none' || !last) return;
    const update = (bar: Bar) => a.series.update(bar as Parameters<typeof a.series.update>[0]);
    if (done === 'older') a.series.setData(toBars(all, range) as Parameters<typeof a.series.setData>[0]);
    else if (done === 'new' && before) for (const slot of gapSlots(before.t, last.t, stepMs)) update(slot);
    if (done !== 'older') update(toBar(last));
  }, [live, key, range, side]);

  const levelPrice = level?.price;
  const levelTitle = level?.title;
  useEffect(() => {
    const a = api.current;
    const element = host.current;
    if (!a || !element) return;
    if (a.level) a.series.removePriceLine(a.level);
    a.level =
      levelPrice === undefined
        ? null
        : a.series.createPriceLine({
            price: levelPrice,
            title: levelTitle ?? '',
            lineStyle: ghost ? LineStyle.Dashed : LineStyle.Solid,
            color: colors(element).level,
            lineWidth: 2,
          });
  }, [levelPrice, levelTitle, ghost, palette]);

  useEffect(() => {
    const a = api.current;
    const element = host.current;
    if (!a || !element) return;
    const c = colors(element);
    for (const line of a.extra) a.series.removePriceLine(line);
    const [faint, dashed] = [JSON.parse(othersKey), JSON.parse(guidesKey)] as ChartLine[][];
    a.extra = [
      ...(faint ?? []).map((o) =>
        a.series.createPriceLine({ ...o, color: c.faint, lineWidth: 1, lineStyle: LineStyle.Dotted }),
      ),
      ...(dashed ?? []).map((g) =>
        a.series.createPriceLine({ ...g, color: c.guide, lineWidth: 1, lineStyle: LineStyle.Dashed }),
      ),
    ];
  }, [othersKey, guidesKey, palette]);

  useEffect(() => {
    const a = api.current;
    const element = host.current;
    if (!a || !element) return;
    const { stepMs, count } = CHART_RANGE_SPEC[range];
    // A point before the range's first bucket has no place on it.
    const from = bucketStart(Date.now(), stepMs) - (count - 1) * stepMs;
    const color = colors(element).level;
    a.markers.setMarkers(
      (JSON.parse(pointsKey) as ChartPoint[])
        .filter((p) => p.at >= from)
        .map((p) => ({
          time: (bucketStart(p.at, stepMs) / 1000) as UTCTimestamp,
          color,
          text: p.text,
          ...(p.price === undefined
            ? { position: 'aboveBar' as const, shape: 'arrowDown' as const }
            : { position: 'atPriceMiddle' as const, price: p.price, shape: 'circle' as const }),
        }))
        .sort((x, y) => x.time - y.time),
    );
  }, [pointsKey, range, candles, palette]);

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
