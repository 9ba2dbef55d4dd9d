import { describe, expect, it } from 'vitest';
import { RELAY_PROTOCOL, relayProtocols, tokenFromProtocols } from './relayAuth.ts';

describe('relay token in the subprotocol list', () => {
  it('offers our protocol first and the token second', () => {
    expect(relayProtocols('a.b-c_d')).toEqual([RELAY_PROTOCOL, 'bearer.a.b-c_d']);
  });

  it.each([
    ['price-alerts.v1, bearer.abc.def', 'abc.def'],
    ['bearer.xyz', 'xyz'],
    ['  price-alerts.v1 ,  bearer.t1  ', 't1'],
    ['price-alerts.v1', ''],
    ['', ''],
    [undefined, ''],
  ])('reads %j as %j', (header, token) => {
    expect(tokenFromProtocols(header)).toBe(token);
  });

  it('round-trips what a client offers', () => {
    expect(tokenFromProtocols(relayProtocols('eyJ.x.y').join(', '))).toBe('eyJ.x.y');
  });
});
