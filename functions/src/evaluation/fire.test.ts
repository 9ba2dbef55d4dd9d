import { describe, expect, it } from 'vitest';
import { isPermanentFailure } from './fireFailures';

const grpc = (code: number) => Object.assign(new Error(`code ${code}`), { code });

describe('isPermanentFailure', () => {
  it.each([
    ['ABORTED (contention)', grpc(10)],
    ['UNAVAILABLE', grpc(14)],
    ['DEADLINE_EXCEEDED', grpc(4)],
    ['RESOURCE_EXHAUSTED', grpc(8)],
    ['INTERNAL', grpc(13)],
    ['CANCELLED', grpc(1)],
    ['UNKNOWN', grpc(2)],
    ['PERMISSION_DENIED (the service account, not the alert)', grpc(7)],
    ['UNAUTHENTICATED (credentials)', grpc(16)],
    ['UNIMPLEMENTED', grpc(12)],
    ['an error without a code (network, a bug)', new Error('socket hang up')],
    ['a string code (not gRPC)', Object.assign(new Error('x'), { code: 'ECONNRESET' })],
    ['a thrown non-error', 'boom'],
    ['null', null],
  ])('retries %s', (_label, error) => {
    expect(isPermanentFailure(error)).toBe(false);
  });
  it.each([
    ['ALREADY_EXISTS', grpc(6)],
    ['INVALID_ARGUMENT', grpc(3)],
    ['FAILED_PRECONDITION', grpc(9)],
    ['NOT_FOUND', grpc(5)],
    ['OUT_OF_RANGE', grpc(11)],
  ])('records %s as permanent', (_label, error) => {
    expect(isPermanentFailure(error)).toBe(true);
  });
});
