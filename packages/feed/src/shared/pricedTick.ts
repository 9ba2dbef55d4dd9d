/** A tick of the feed with its pair named: what the upstream client hands the ingest, and the ingest its relays. */
import type { CurrencyPair } from '@price-alerts/domain/common';
import type { FeedTick } from '@price-alerts/domain/prices';

export type PricedTick = FeedTick & { pair: CurrencyPair };
