import dns from 'node:dns';
import net from 'node:net';

/**
 * Where a webhook may be sent. An endpoint is an address a client hands us, so in production the server must not
 * be made to call itself, its network or the cloud's metadata service: the URL must be https, and every address its
 * name resolves to must be a public one. Checked when a client subscribes and again at each delivery, where the
 * connection goes to the very address that was checked (a name that resolves elsewhere the second time is caught).
 * In development any http(s) address is allowed (tests run their receivers on 127.0.0.1).
 */

const v4 = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, and the metadata service 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and broadcast
] as const) {
  v4.addSubnet(prefix, bits, 'ipv4');
}

const v6 = new net.BlockList();
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local, and the metadata service fd00:ec2::254
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const) {
  v6.addSubnet(prefix, bits, 'ipv6');
}

/** The 16 bytes of an IPv6 address (net.isIPv6 already said it is one). */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').filter((g) => g !== '') : []);
  const h = groups(head);
  const t = groups(tail);
  const all = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return all.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedV4(bytes: number[]): string | null {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const quad = (i: number) => bytes.slice(i, i + 4).join('.');
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return quad(12); // ::ffff:a.b.c.d
  if (zeros(0, 12)) return quad(12); // ::a.b.c.d (and :: and ::1, refused anyway)
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) return quad(12); // 64:ff9b::/96
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return quad(2); // 2002::/16
  return null;
}

/** Whether the server may call this address: not loopback, private, link-local, CGNAT, unique-local, metadata… */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !v4.check(address, 'ipv4');
  if (family !== 6) return false;
  const bare = address.split('%')[0]!;
  if (v6.check(bare, 'ipv6')) return false;
  const inner = embeddedV4(ipv6Bytes(bare));
  return !(inner && v4.check(inner, 'ipv4'));
}

/** An endpoint the server will not call, with why (shown in the delivery's record, or refused at subscribe). */
export class EndpointRefused extends Error {}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The URL's own rule: in production https only. Answers the parsed URL. */
export function checkUrl(raw: string, production: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EndpointRefused('The URL is not a valid address');
  }
  if (url.protocol !== 'https:' && (production || url.protocol !== 'http:')) throw new EndpointRefused('The URL must start with https://');
  if (url.username || url.password) throw new EndpointRefused('The URL may not carry a user name or password');
  return url;
}

/** Every address the URL's host names now (the host itself when it is an address). */
async function addressesOf(url: URL): Promise<{ address: string; family: number }[]> {
  const host = hostOf(url);
  const family = net.isIP(host);
  if (family) return [{ address: host, family }];
  try {
    return await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch (err) {
    throw new EndpointRefused(`${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? 'lookup failed'})`);
  }
}

/**
 * The address to connect to for this endpoint: in production its host resolved now, refused when any of its
 * addresses is not public (a name with one private address among public ones is not a public endpoint). In
 * development the first address, whatever it is.
 */
export async function endpointAddress(url: URL, production: boolean): Promise<{ address: string; family: number }> {
  const found = await addressesOf(url);
  if (!found.length) throw new EndpointRefused(`${hostOf(url)} does not resolve`);
  if (production) {
    const host = hostOf(url);
    const refused = found.find((a) => !isPublicAddress(a.address));
    if (refused) throw new EndpointRefused(refused.address === host ? `${host} is not a public address` : `${host} resolves to ${refused.address}, not a public address`);
  }
  return found[0]!;
}

/** At subscribe: the URL is allowed now (https and public in production). */
export async function checkEndpoint(raw: string, production: boolean): Promise<void> {
  const url = checkUrl(raw, production);
  if (production) await endpointAddress(url, production);
}
