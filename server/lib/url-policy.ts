import { lookup } from 'node:dns/promises';
import net from 'node:net';

/**
 * Where the server may send requests on a client's say (webhook URLs): the server-side request forgery
 * guard of issue 16. A URL is checked when it is registered and again before every delivery, since its DNS
 * may change; the delivery then connects to the address checked here, never resolving the name again
 * (a second lookup could answer a private address: DNS rebinding), and follows no redirect.
 */
export interface UrlPolicy {
  /** The URL and the address to connect to, or throws UrlRefusedError saying why. */
  check(url: string): Promise<CheckedUrl>;
}

export interface CheckedUrl {
  url: URL;
  address: string;
  family: 4 | 6;
}

export class UrlRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UrlRefusedError';
  }
}

type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

const defaultResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/** IPv4 ranges that are not the public internet (RFC 6890's special-purpose registry, the parts that matter). */
const PRIVATE_V4 = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
] as const)
  PRIVATE_V4.addSubnet(network, prefix, 'ipv4');

/**
 * IPv6: only global unicast (2000::/3) is public; inside it, these are not. Everything outside 2000::/3
 * (::1, ::, fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast, ::ffff:0:0/96 IPv4-mapped
 * handled below) is refused by the allow-list.
 */
const GLOBAL_V6 = new net.BlockList();
GLOBAL_V6.addSubnet('2000::', 3, 'ipv6');
const SPECIAL_V6 = new net.BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments (Teredo 2001::/32 among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address that may be private
] as const)
  SPECIAL_V6.addSubnet(network, prefix, 'ipv6');

/** The 8 groups of an IPv6 address as numbers (net.isIPv6 has already said it is one). */
function v6Groups(address: string): number[] {
  let text = address.split('%')[0]!;
  // A dotted IPv4 tail (::ffff:127.0.0.1) is two groups.
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, -dotted[1]!.length)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups].map((g) => parseInt(g, 16));
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible (::a.b.c.d) IPv6 address. */
function embeddedV4(groups: number[]): string | undefined {
  const zeros = groups.slice(0, 5).every((g) => g === 0);
  if (!zeros || (groups[5] !== 0xffff && groups[5] !== 0)) return undefined;
  const [hi, lo] = [groups[6]!, groups[7]!];
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/** Whether an IP address (v4 or v6 text) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(bare)) return !PRIVATE_V4.check(bare, 'ipv4');
  if (!net.isIPv6(bare)) return false;
  const groups = v6Groups(bare);
  const v4 = embeddedV4(groups);
  // ::ffff:10.0.0.1 reaches 10.0.0.1: the IPv4 rules decide. The deprecated IPv4-compatible form
  // (::a.b.c.d) is refused whatever it holds; ::1 and :: are of that form.
  if (v4 !== undefined) return groups[5] === 0xffff && isPublicAddress(v4);
  const normalised = groups.map((g) => g.toString(16)).join(':');
  return GLOBAL_V6.check(normalised, 'ipv6') && !SPECIAL_V6.check(normalised, 'ipv6');
}

const REFUSED = {
  invalid: 'Enter a full URL, e.g. https://example.com/webhooks/reviewflow',
  https: 'The URL must start with https:// so events travel encrypted.',
  credentials: 'The URL must not contain a user name or password.',
  unresolvable: 'This host name could not be found. Check the URL.',
  private: (host: string) =>
    `${host} is not a public internet address (local, private and reserved networks are refused).`,
} as const;

export const URL_REFUSED_MESSAGES = REFUSED;

interface PolicyOptions {
  /** Plain http allowed (tests' local receiver only). */
  allowHttp?: boolean;
  /** Loopback addresses allowed (tests' local receiver only). */
  allowLoopback?: boolean;
  resolve?: Resolve;
}

function isLoopback(address: string): boolean {
  return address === '::1' || (net.isIPv4(address) && address.startsWith('127.'));
}

/** The production policy: https, public addresses only. Options exist for the tests' local receiver. */
export function createUrlPolicy(options: PolicyOptions = {}): UrlPolicy {
  const resolve = options.resolve ?? defaultResolve;
  return {
    async check(raw) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        throw new UrlRefusedError(REFUSED.invalid);
      }
      if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:'))
        throw new UrlRefusedError(url.protocol === 'http:' ? REFUSED.https : REFUSED.invalid);
      if (url.username || url.password) throw new UrlRefusedError(REFUSED.credentials);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (!host) throw new UrlRefusedError(REFUSED.invalid);
      let addresses: { address: string; family: number }[];
      if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
      else {
        try {
          addresses = await resolve(host);
        } catch {
          throw new UrlRefusedError(REFUSED.unresolvable);
        }
      }
      if (addresses.length === 0) throw new UrlRefusedError(REFUSED.unresolvable);
      // Every answer must be public: a name that also answers 10.0.0.1 could be steered there.
      const allowed = (address: string) =>
        isPublicAddress(address) || (options.allowLoopback === true && isLoopback(address));
      if (!addresses.every((a) => allowed(a.address))) throw new UrlRefusedError(REFUSED.private(host));
      const first = addresses[0]!;
      return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
    },
  };
}
