/**
 * Where a webhook may be sent: public addresses only. A user's URL must not reach our own machine,
 * the VPC behind it or the metadata server (which hands out the service account's tokens), so each
 * address the name resolves to is checked at send time, and the connection goes to the address
 * checked (a second lookup could answer differently: DNS rebinding).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export const ADDRESS_KINDS = ['loopback', 'private', 'link-local', 'unspecified', 'multicast', 'reserved'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

const RANGES: Record<AddressKind, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    // Carrier-grade NAT: private to a provider's network, and Cloud Run's own egress may sit in it.
    ['100.64.0.0', 10, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
    // Site-local, deprecated but still routed by some networks.
    ['fec0::', 10, 'ipv6'],
  ],
  // 169.254.169.254 is the metadata server.
  'link-local': [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  unspecified: [
    ['0.0.0.0', 8, 'ipv4'],
    ['::', 128, 'ipv6'],
  ],
  multicast: [
    ['224.0.0.0', 4, 'ipv4'],
    ['ff00::', 8, 'ipv6'],
  ],
  // Documentation, benchmarking, protocol assignments, the future-use block, and IPv6 forms that
  // embed an IPv4 address of any kind (NAT64, 6to4, Teredo).
  reserved: [
    ['192.0.0.0', 24, 'ipv4'],
    ['192.0.2.0', 24, 'ipv4'],
    ['198.18.0.0', 15, 'ipv4'],
    ['198.51.100.0', 24, 'ipv4'],
    ['203.0.113.0', 24, 'ipv4'],
    ['240.0.0.0', 4, 'ipv4'],
    ['64:ff9b::', 96, 'ipv6'],
    // IPv4-compatible (::a.b.c.d): '::' and '::1' inside it are judged first, as unspecified and loopback.
    ['::', 96, 'ipv6'],
    ['64:ff9b:1::', 48, 'ipv6'],
    ['100::', 64, 'ipv6'],
    // IETF protocol assignments: Teredo, benchmarking, ORCHID.
    ['2001::', 23, 'ipv6'],
    // The deprecated 6to4 relay anycast.
    ['192.88.99.0', 24, 'ipv4'],
    ['2001:db8::', 32, 'ipv6'],
    // Documentation (RFC 9637).
    ['3fff::', 20, 'ipv6'],
    ['2002::', 16, 'ipv6'],
  ],
};

/** IPv6's global unicast block: what lies outside it and in no list above is not handed out to anyone. */
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

const LISTS = ADDRESS_KINDS.map((kind) => {
  const list = new BlockList();
  for (const [net, prefix, type] of RANGES[kind]) list.addSubnet(net, prefix, type);
  return [kind, list] as const;
});

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1, ::ffff:a00:1) is judged as the IPv4 address. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(?:0:)?(.+)$/i.exec(address)?.[1];
  if (!mapped) return address;
  if (isIP(mapped) === 4) return mapped;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(mapped);
  if (!hex) return address;
  const [hi, lo] = [parseInt(hex[1] as string, 16), parseInt(hex[2] as string, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** The kind of a non-public address, or undefined for a public one (and for something not an address). */
export function forbiddenKind(address: string): AddressKind | undefined {
  const plain = unmapped(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  const family = isIP(plain);
  if (family === 0) return undefined;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const kind = LISTS.find(([, list]) => list.check(plain, type))?.[0];
  if (kind || type === 'ipv4') return kind;
  return GLOBAL_UNICAST.check(plain, 'ipv6') ? undefined : 'reserved';
}

/**
 * `value` as an http origin on a loopback address with its port (http://127.0.0.1:8096): the local
 * webhook sink's. Anything else throws, naming `name`, rather than opening a wider door.
 */
export function loopbackOrigin(name: string, value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const host = url?.hostname.replace(/^\[|\]$/g, '') ?? '';
  const bare = url && url.origin === value.replace(/\/$/, '') && url.pathname === '/';
  if (!url || !bare || url.protocol !== 'http:' || !url.port || forbiddenKind(host) !== 'loopback')
    throw new Error(
      `${name} must be an http origin on a loopback address with its port, such as http://127.0.0.1:8096`,
    );
  return url.origin;
}

/** Why a URL's host may not be sent to: said in the history and on the 'Send a test' line. */
export class ForbiddenAddress extends Error {
  constructor(
    readonly address: string,
    readonly kind: AddressKind | 'unresolved' | 'not https',
  ) {
    super(
      kind === 'unresolved'
        ? `${address} could not be found`
        : kind === 'not https'
          ? `${address} is not https://`
          : `${address} is ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} address`,
    );
    this.name = 'ForbiddenAddress';
  }
}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** How many of a name's addresses a send tries, one after another, when a connection is refused. */
export const MAX_ADDRESSES_TRIED = 4;

/**
 * The addresses to connect to for `host`, in the order to try them: every address it resolves to
 * must be public (one private answer among public ones refuses it all). IPv4 comes first, each
 * family in the resolver's order: a function's egress may have no IPv6 route, so a dual-stack
 * receiver is reached on its IPv4 address rather than failing on the other. `allowed` lets kinds
 * through beside public addresses: only loopback, for the local stack's own webhook sink.
 */
export async function checkedAddresses(
  host: string,
  resolve: Resolve = systemResolve,
  allowed: readonly AddressKind[] = [],
): Promise<CheckedAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  let answers: { address: string; family: number }[];
  if (literal) answers = [{ address: bare, family: literal }];
  else {
    try {
      answers = await resolve(bare);
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      // Not found (or a name no resolver takes) is the user's to fix; a resolver that failed for a
      // moment is worth another try.
      if (['ENOTFOUND', 'ENODATA', 'EINVAL', 'EBADNAME'].includes(code)) throw new ForbiddenAddress(bare, 'unresolved');
      throw error;
    }
  }
  if (answers.length === 0) throw new ForbiddenAddress(bare, 'unresolved');
  for (const { address } of answers) {
    // An answer that is not an address at all is nothing this check can vouch for.
    if (!isIP(address.replace(/%.*$/, ''))) throw new ForbiddenAddress(address, 'reserved');
    const kind = forbiddenKind(address);
    if (kind && !allowed.includes(kind)) throw new ForbiddenAddress(address, kind);
  }
  const unique = [
    ...new Map(
      answers.map((a) => [a.address, { address: a.address, family: a.family === 6 ? 6 : 4 } as const]),
    ).values(),
  ];
  return [...unique.filter((a) => a.family === 4), ...unique.filter((a) => a.family === 6)].slice(
    0,
    MAX_ADDRESSES_TRIED,
  );
}
