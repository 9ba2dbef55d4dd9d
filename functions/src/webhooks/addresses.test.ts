import { describe, expect, it } from 'vitest';
import {
  ForbiddenAddress,
  MAX_ADDRESSES_TRIED,
  checkedAddresses,
  forbiddenKind,
  loopbackOrigin,
  type AddressKind,
} from './addresses';

describe('forbiddenKind: each kind of address a webhook may not reach', () => {
  it.each<[string, AddressKind | undefined]>([
    ['8.8.8.8', undefined],
    ['93.184.215.14', undefined],
    ['2606:4700:4700::1111', undefined],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', undefined],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['fd00::1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['64:ff9b::a00:1', 'reserved'],
    ['2002:a00:1::', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['::7f00:1', 'reserved'],
    ['::0.0.0.1', 'loopback'],
    ['::10.0.0.1', 'reserved'],
    ['fec0::1', 'private'],
    ['192.88.99.1', 'reserved'],
    ['2001:10::1', 'reserved'],
    ['::a9fe:a9fe', 'reserved'],
    ['2a00:1450:4001::1', undefined],
    ['3fff::1', 'reserved'],
    // Outside IPv6's global unicast block and in no list: not anyone's address.
    ['5f00::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['::ffff:ffff:7f00:1', 'reserved'],
  ])('%s: %s', (address, kind) => {
    expect(forbiddenKind(address)).toBe(kind);
  });
});

describe('checkedAddresses', () => {
  const answers =
    (...list: string[]) =>
    async () =>
      list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it.each([
    [
      'IPv4 first, then IPv6, each in the resolver’s order',
      ['2606:4700::1', '93.184.215.14', '2606:4700::2', '93.184.215.15'],
      ['93.184.215.14', '93.184.215.15', '2606:4700::1', '2606:4700::2'],
    ],
    ['each address once', ['93.184.215.14', '93.184.215.14', '2606:4700::1'], ['93.184.215.14', '2606:4700::1']],
    [
      'at most MAX_ADDRESSES_TRIED of them',
      ['1.1.1.1', '1.1.1.2', '1.1.1.3', '1.1.1.4', '1.1.1.5'],
      ['1.1.1.1', '1.1.1.2', '1.1.1.3', '1.1.1.4'].slice(0, MAX_ADDRESSES_TRIED),
    ],
  ])('answers the public addresses to try: %s', async (_name, resolved, tried) => {
    const checked = await checkedAddresses('hooks.example.com', answers(...resolved));
    expect(checked.map((a) => a.address)).toEqual(tried);
    expect(checked.map((a) => a.family)).toEqual(tried.map((a) => (a.includes(':') ? 6 : 4)));
  });

  it('refuses a name with one private answer among public ones (a rebinding trick)', async () => {
    const check = checkedAddresses('hooks.example.com', answers('93.184.215.14', '10.0.0.7'));
    await expect(check).rejects.toThrow(new ForbiddenAddress('10.0.0.7', 'private'));
  });

  it('refuses the metadata server by name, as it resolves', async () => {
    const check = checkedAddresses('metadata.google.internal', answers('169.254.169.254'));
    await expect(check).rejects.toThrow('169.254.169.254 is a link-local address');
  });

  it('refuses a literal without asking DNS', async () => {
    const never = async () => {
      throw new Error('DNS was asked');
    };
    await expect(checkedAddresses('[::1]', never)).rejects.toThrow('::1 is a loopback address');
    await expect(checkedAddresses('127.0.0.1', never)).rejects.toThrow('127.0.0.1 is a loopback address');
  });

  it('says a name that does not exist could not be found; a resolver failure is thrown as it is', async () => {
    const notFound = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(checkedAddresses('nope.invalid', notFound)).rejects.toThrow('nope.invalid could not be found');
    const flaky = async () => {
      throw Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' });
    };
    await expect(checkedAddresses('hooks.example.com', flaky)).rejects.toThrow('EAI_AGAIN');
  });

  it('refuses an answer that is not an address', async () => {
    await expect(checkedAddresses('hooks.example.com', answers('not-an-ip'))).rejects.toThrow('not-an-ip');
  });

  it('lets the local stack reach its own sink on loopback, and nothing else that is not public', async () => {
    await expect(checkedAddresses('sink.test', answers('10.0.0.7'), ['loopback'])).rejects.toThrow(
      '10.0.0.7 is a private address',
    );
    await expect(checkedAddresses('127.0.0.1', undefined, ['loopback'])).resolves.toEqual([
      { address: '127.0.0.1', family: 4 },
    ]);
  });
});

describe('the local webhook sink’s origin', () => {
  it.each([
    ['http://127.0.0.1:8096', 'http://127.0.0.1:8096'],
    ['http://127.0.0.1:8096/', 'http://127.0.0.1:8096'],
    ['http://[::1]:8096', 'http://[::1]:8096'],
  ])('takes %s', (value, origin) => {
    expect(loopbackOrigin('WEBHOOK_LOCAL_SINK', value)).toBe(origin);
  });

  it.each([
    'true',
    'http://127.0.0.1',
    'https://127.0.0.1:8096',
    'http://127.0.0.1:8096/hooks',
    'http://localhost:8096',
    'http://10.0.0.7:8096',
    'http://169.254.169.254:80',
  ])('refuses %s, naming the variable', (value) => {
    expect(() => loopbackOrigin('WEBHOOK_LOCAL_SINK', value)).toThrow(/^WEBHOOK_LOCAL_SINK must be an http origin/);
  });
});
