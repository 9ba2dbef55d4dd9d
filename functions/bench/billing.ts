/**
 * Counts what Firestore bills, at the Admin SDK's lowest shared calls, for every Firestore instance
 * in this process: a query bills its documents and at least one read; a get bills each document
 * asked for, found or not; reads inside transactions count (a retried transaction reads again);
 * each committed set, create or update is a write and each delete a delete. Listener reads are
 * counted by whoever listens (`meter.listened`), since they arrive outside these calls.
 */
import { Query, WriteBatch } from 'firebase-admin/firestore';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface Bill {
  queries: number;
  /** Documents read by queries (each query at least one). */
  queryReads: number;
  /** Documents asked for by get and getAll, in or out of transactions. */
  pointReads: number;
  listenerReads: number;
  writes: number;
  deletes: number;
}

export const emptyBill = (): Bill => ({
  queries: 0,
  queryReads: 0,
  pointReads: 0,
  listenerReads: 0,
  writes: 0,
  deletes: 0,
});

export const billedReads = (b: Bill): number => b.queryReads + b.pointReads + b.listenerReads;

export function addBills(a: Bill, b: Bill): Bill {
  const out = emptyBill();
  for (const k of Object.keys(out) as (keyof Bill)[]) out[k] = a[k] + b[k];
  return out;
}

type Counted = { __writes?: number; __deletes?: number };

class Meter {
  bill = emptyBill();
  #installed = false;

  /** Starts a fresh count and returns the one that ended. */
  reset(): Bill {
    const ended = this.bill;
    this.bill = emptyBill();
    return ended;
  }

  listened(documents: number): void {
    this.bill.listenerReads += documents;
  }

  install(): void {
    if (this.#installed) return;
    this.#installed = true;
    const bill = () => this.bill;
    // Queries, direct and in transactions, all go through Query#_get.
    const query = Query.prototype as unknown as { _get(...args: unknown[]): Promise<unknown> };
    const queryGet = query._get;
    query._get = async function (this: unknown, ...args: unknown[]) {
      const out = (await queryGet.apply(this, args)) as { result?: { size: number }; size?: number };
      const size = out.result?.size ?? out.size ?? 0;
      bill().queries += 1;
      bill().queryReads += Math.max(1, size);
      return out;
    };
    // Document gets (get, getAll, and both in transactions) all go through DocumentReader#_get.
    // The functions package is CommonJS (no import.meta); the repository root resolves the SDK.
    const require = createRequire(join(process.cwd(), 'package.json'));
    const admin = require.resolve('@google-cloud/firestore');
    const { DocumentReader } = require(join(dirname(admin), 'document-reader.js')) as {
      DocumentReader: { prototype: { _get(...args: unknown[]): Promise<{ result: unknown[] }> } };
    };
    const readerGet = DocumentReader.prototype._get;
    DocumentReader.prototype._get = async function (this: unknown, ...args: unknown[]) {
      const out = await readerGet.apply(this, args);
      bill().pointReads += out.result.length;
      return out;
    };
    const batch = WriteBatch.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const [method, field] of [
      ['set', '__writes'],
      ['create', '__writes'],
      ['update', '__writes'],
      ['delete', '__deletes'],
    ] as const) {
      const original = batch[method] as (...args: unknown[]) => unknown;
      batch[method] = function (this: Counted, ...args: unknown[]) {
        this[field] = (this[field] ?? 0) + 1;
        return original.apply(this, args);
      };
    }
    const commit = batch._commit as (...args: unknown[]) => Promise<unknown>;
    batch._commit = async function (this: Counted, ...args: unknown[]) {
      try {
        const out = await commit.apply(this, args);
        bill().writes += this.__writes ?? 0;
        bill().deletes += this.__deletes ?? 0;
        return out;
      } finally {
        // A failed commit bills no write; a transaction's retry adds its writes again.
        this.__writes = 0;
        this.__deletes = 0;
      }
    };
    const reset = batch._reset as ((...args: unknown[]) => unknown) | undefined;
    if (reset)
      batch._reset = function (this: Counted, ...args: unknown[]) {
        this.__writes = 0;
        this.__deletes = 0;
        return reset.apply(this, args);
      };
  }
}

export const meter = new Meter();
