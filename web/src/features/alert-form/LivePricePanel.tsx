import {
  DEFAULT_PRICE_SIDE,
  PRICE_SIDES,
  formatDateTime,
  formatAge,
  formatPrice,
  type CurrencyPair,
  type PriceSide,
} from '@price-alerts/domain/common';
import { PRICE_SIDE_LABELS, moveSoFar, sidePrice, type MoveShape } from '@price-alerts/domain/alerts';
import { priceStatusWords, type PriceStatus, type SeedPoint } from '@price-alerts/domain/prices';
import { type LivePrice } from '@price-alerts/domain/store';
import { useAtomValue } from 'jotai';
import { feedStatusAtom } from '../../shared/prices/atoms';
import { useFollowPairs } from '../../shared/prices/useFollowPairs';
import { TickingPrice } from '../../shared/prices/TickingPrice';
import { usePairPrice } from '../../shared/prices/usePairPrice';
import './LivePricePanel.css';

const STATUS_TEXT = {
  disconnected: 'Live price feed disconnected.',
  connecting: 'Fetching live price...',
  error: 'Error fetching live price.',
} as const;

/**
 * Ask and bid of the chosen pair (and mid when chosen), with the side the alert is judged on emphasised and named
 * ('Judged on', and aria-current for assistive technology), then the update time.
 */
function LiveValues(props: { pair: CurrencyPair; price: LivePrice; side: PriceSide; now: number; live: boolean }) {
  const { pair, price, side, now, live } = props;
  return (
    <dl className={live ? 'live-values' : 'live-values live-values-stale'}>
      {/* Mid only when the alert is judged on it: the spec's panel shows ask and bid. */}
      {PRICE_SIDES.filter((s) => s !== 'mid' || side === 'mid').map((s) => (
        <div key={s} className={s === side ? 'live-value judged' : 'live-value'} aria-current={s === side || undefined}>
          <dt>
            {PRICE_SIDE_LABELS[s]}
            {/* The space keeps 'Ask Judged on' two words for a screen reader; the tag is laid out apart. */}
            {s === side && (
              <>
                {' '}
                <span className="live-judged">Judged on</span>
              </>
            )}
          </dt>
          <dd>
            <TickingPrice value={sidePrice(price, s)} text={formatPrice(pair, sidePrice(price, s))} />
          </dd>
        </div>
      ))}
      <div className="live-updated">
        <dt>Updated</dt>
        <dd>
          <time dateTime={new Date(price.timestamp).toISOString()}>{formatDateTime(price.timestamp)}</time>
          <Age ms={now - price.timestamp} />
        </dd>
      </div>
    </dl>
  );
}

/**
 * ' · 12 s ago', moving every second. Hidden from assistive technology: this panel is a live region,
 * and an age that changes each second would be announced each second. The time beside it, and the
 * 'Delayed' or 'Market closed' above, say the same once.
 */
function Age({ ms }: { ms: number }) {
  return (
    <span className="live-age" aria-hidden="true">
      {' · '}
      {formatAge(ms)}
    </span>
  );
}

/** Above the values when the price is not live: 'Market closed', or 'Delayed · 45 s ago'. */
function StatusLine({ status, now }: { status: PriceStatus; now: number }) {
  const words = priceStatusWords(status, now);
  if (!words) return null;
  return (
    <p className={`live-status live-status-${status.kind}`}>
      {words.flag}
      {status.kind === 'delayed' && <Age ms={status.ageMs} />}
    </p>
  );
}

/** A move type's move so far against its threshold: 'Up 0.62% in 15 min · fires at 1.50%'. */
export interface PanelMove {
  shape: MoveShape & { movePercent?: number };
  /** Where the pair stood for it when last stored; undefined until known. */
  stored: SeedPoint | undefined;
}

function MoveLine({ move, price }: { move: PanelMove; price: number }) {
  const now = moveSoFar(move.shape, move.stored, price);
  return <p className="live-move">{now ? now.line : 'Move so far: waiting for the stored lows and highs.'}</p>;
}

/**
 * The live price of the chosen pair, which the feed follows while this is on screen. Its state is the
 * feed's one state, the same the top pairs read, so it leaves 'Error' with them.
 * With a move type chosen it also says how far the price has moved against the threshold.
 */
export function LivePricePanel({
  pair,
  side = DEFAULT_PRICE_SIDE,
  move,
}: {
  pair: CurrencyPair | '';
  side?: PriceSide;
  move?: PanelMove | undefined;
}) {
  const feedStatus = useAtomValue(feedStatusAtom);
  const { status, now } = usePairPrice(pair as CurrencyPair);
  useFollowPairs(pair ? [pair] : []);
  if (!pair) return null;
  let body;
  if (feedStatus === 'disconnected' || feedStatus === 'connecting' || feedStatus === 'error') {
    body = <p>{STATUS_TEXT[feedStatus]}</p>;
  } else if (status.kind === 'none') body = <p>No live data available.</p>;
  else {
    body = (
      <>
        <StatusLine status={status} now={now} />
        <LiveValues pair={pair} price={status.price} side={side} now={now} live={status.kind === 'live'} />
        {move && <MoveLine move={move} price={sidePrice(status.price, side)} />}
      </>
    );
  }
  return (
    <section className="card live-panel" aria-label={`Live price of ${pair}`} aria-live="polite">
      {body}
    </section>
  );
}
