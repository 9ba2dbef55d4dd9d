import { type CurrencyPair, type PriceSide } from '@price-alerts/domain/common';
import { moveAxis, type MoveShape } from '@price-alerts/domain/alerts';
import type { SeedPoint } from '@price-alerts/domain/prices';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { repository } from '../../lib/repositories/load';
import { currentUserAtom } from '../../shared/session';

/**
 * Where the pair stands for a move, as the ingest service last stored it (prices/{symbol}, every
 * 20 s): the lookback's low and high, or the day's open, on the alert's side. Listened to only
 * while a move type and a pair are chosen: one read, then one per stored update (3 a minute).
 */
export function useStoredMoves(
  pair: CurrencyPair | '',
  side: PriceSide,
  shape: MoveShape | null,
): SeedPoint | undefined {
  const signedIn = useAtomValue(currentUserAtom) !== null;
  const [stored, setStored] = useState<{ key: string; moves: Partial<Record<string, SeedPoint>> } | undefined>();
  const active = Boolean(pair && shape && signedIn);
  useEffect(() => {
    if (!active || !pair) return;
    let stop: (() => void) | undefined;
    let live = true;
    // Without the stored price the panel shows no move so far; the alert itself is unaffected.
    const unknown = () => live && setStored(undefined);
    repository('prices').then(([db, { watchLatestPrice }]) => {
      if (!live) return;
      stop = watchLatestPrice(
        db,
        pair,
        (price) => setStored({ key: `${pair}:${side}`, moves: price?.moves?.[side] ?? {} }),
        unknown,
      );
    }, unknown);
    return () => {
      live = false;
      stop?.();
    };
  }, [active, pair, side]);
  if (!shape || !stored || stored.key !== `${pair}:${side}`) return undefined;
  return stored.moves[moveAxis(shape).reference];
}
