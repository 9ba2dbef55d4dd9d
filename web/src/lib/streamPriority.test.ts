import { describe, expect, it } from 'vitest';
import { isFirestoreStream, lowerStreamPriority } from './streamPriority';

const CHANNEL = 'http://127.0.0.1:8080/google.firestore.v1.Firestore/Listen/channel?VER=8&RID=rpc&TYPE=xmlhttp';
const WRITE = 'https://firestore.googleapis.com/google.firestore.v1.Firestore/Write/channel?VER=8';

describe('isFirestoreStream', () => {
  it.each([
    { what: "the listen stream's GET, as a URL string", input: CHANNEL, init: undefined, expected: true },
    { what: 'the listen stream as a Request', input: new Request(CHANNEL), init: undefined, expected: true },
    { what: 'the listen stream as a URL object', input: new URL(CHANNEL), init: { method: 'get' }, expected: true },
    { what: 'a POST that starts or changes a listen', input: CHANNEL, init: { method: 'POST' }, expected: false },
    {
      what: 'a listen POST given as a Request',
      input: new Request(CHANNEL, { method: 'POST', body: 'x' }),
      init: undefined,
      expected: false,
    },
    { what: "the write stream's GET", input: WRITE, init: undefined, expected: true },
    { what: 'a write sent on the write stream', input: WRITE, init: { method: 'POST' }, expected: false },
    {
      what: 'a single read (not a stream)',
      input: CHANNEL.replace('Listen/channel', 'BatchGetDocuments'),
      init: undefined,
      expected: false,
    },
    {
      what: 'a path that only contains the name',
      input: `${CHANNEL.split('?')[0]}/more`,
      init: undefined,
      expected: false,
    },
    { what: 'a relative URL elsewhere', input: '/load-app.js', init: undefined, expected: false },
    { what: 'an address that is no URL', input: 'http://[::1', init: undefined, expected: false },
    { what: 'a data URL', input: 'data:text/plain,hi', init: undefined, expected: false },
    { what: 'an object with no prototype', input: Object.create(null) as string, init: undefined, expected: false },
  ])('$what: $expected', ({ input, init, expected }) => {
    expect(isFirestoreStream(input, init)).toBe(expected);
  });
});

describe('lowerStreamPriority', () => {
  type Call = { input: RequestInfo | URL; init?: RequestInit };

  function fakeWindow() {
    const calls: Call[] = [];
    const target = {
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ input, init });
        return Promise.resolve(new Response('ok'));
      }) as typeof fetch,
    };
    return { target, calls };
  }

  it("asks for low priority on a stream's GET and keeps what the SDK gave", async () => {
    const { target, calls } = fakeWindow();
    lowerStreamPriority(target);
    const abort = new AbortController();
    const headers = new Headers({ 'X-Goog-Api-Client': 'gl-js/ fire/12' });
    await target.fetch(new Request(CHANNEL, { headers }), { signal: abort.signal });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init).toEqual({ signal: abort.signal, priority: 'low' });
    expect((calls[0]?.input as Request).headers.get('X-Goog-Api-Client')).toBe('gl-js/ fire/12');
  });

  it('passes every other request through untouched, with the same arguments', async () => {
    const { target, calls } = fakeWindow();
    lowerStreamPriority(target);
    const init = { method: 'POST', body: 'count=1' };
    await target.fetch(CHANNEL, init);
    await target.fetch('/load-app.js');
    expect(calls[0]).toEqual({ input: CHANNEL, init });
    expect(calls[0]?.init).toBe(init);
    expect(calls[1]).toEqual({ input: '/load-app.js', init: undefined });
  });

  it('leaves an address fetch refuses for fetch to refuse, as a rejected promise', async () => {
    const target = {
      fetch: ((input: RequestInfo | URL) => Promise.reject(new TypeError(`bad ${String(input)}`))) as typeof fetch,
    };
    lowerStreamPriority(target);
    await expect(target.fetch('http://[::1')).rejects.toThrow('bad http://[::1');
  });

  it('wraps once, however often Firestore is started again (after a sign-out)', async () => {
    const { target, calls } = fakeWindow();
    lowerStreamPriority(target);
    const once = target.fetch;
    lowerStreamPriority(target);
    expect(target.fetch).toBe(once);
    await target.fetch(CHANNEL);
    expect(calls).toEqual([{ input: CHANNEL, init: { priority: 'low' } }]);
  });
});
