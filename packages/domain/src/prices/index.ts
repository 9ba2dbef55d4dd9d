/** Prices: the feed protocol, a pair's day, a chart's candles, market hours, how honest a price on screen is, the relays' feed, and the signed price windows the evaluator judges. */
export * from './feed.ts';
export * from './staleness.ts';
export * from './relayAuth.ts';
export * from './relayFeed.ts';
export * from './marketHours.ts';
export * from './priceStatus.ts';
export * from './pairDay.ts';
export * from './pairDayWire.ts';
export * from './candles.ts';
export * from './candlesWire.ts';
export * from './candlesSnapshot.ts';
export * from './intervals.ts';
export * from './moves.ts';
export * from './rollingExtremes.ts';
export * from './latestMoves.ts';
