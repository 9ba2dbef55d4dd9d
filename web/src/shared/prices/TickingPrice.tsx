import { useEffect, useState, type CSSProperties } from 'react';
import './TickingPrice.css';

/** How long the changed digits of a price stay coloured after a tick. */
export const TICK_FLASH_MS = 700;

interface Flash {
  direction: 'up' | 'down';
  /** Where the changed digits start in the text. */
  from: number;
  /** A new key per tick, so a tick during a flash starts the animation again. */
  key: number;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

/**
 * A price whose changed digits flash green (up) or red (down) for a moment after each tick, as a
 * trading screen does: '1.0851' → '1.0853' colours the '3'. The flash is decoration: the number
 * itself, and the day's change beside it in words, say what moved. With reduced motion nothing is
 * animated; the changed digits only take the colour for the same moment (TickingPrice.css).
 */
export function TickingPrice({
  value,
  text,
  className,
}: {
  value: number | undefined;
  text: string;
  className?: string;
}) {
  const [last, setLast] = useState({ value, text });
  const [flash, setFlash] = useState<Flash | null>(null);
  // Adjusting state to a new prop during render (React's documented pattern), so the first paint of
  // a new price already carries its flash.
  if (last.value !== value || last.text !== text) {
    setLast({ value, text });
    const before = last.value;
    const moved = value !== undefined && before !== undefined && value !== before && text !== last.text;
    setFlash(
      moved
        ? { direction: value > before ? 'up' : 'down', from: commonPrefix(last.text, text), key: (flash?.key ?? 0) + 1 }
        : null,
    );
  }
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), TICK_FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  const style = { '--tick-ms': `${TICK_FLASH_MS}ms` } as CSSProperties;
  if (!flash) return <span className={className}>{text}</span>;
  return (
    <span className={className} data-tick={flash.direction} style={style}>
      {text.slice(0, flash.from)}
      <span key={flash.key} className={`tick-digits tick-${flash.direction}`} data-digits={text.slice(flash.from)}>
        {text.slice(flash.from)}
      </span>
    </span>
  );
}
