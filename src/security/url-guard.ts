import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { DomainError } from '../errors';
import type { Services } from '../services';

/** The contract's message for a URL that resolves to an address the service must not call. */
export const UNSAFE_WEBHOOK_URL_MESSAGE = 'Webhook URL must not target a private or loopback address.';

/** A URL that passed the rules, with the one address the request must connect to (no second lookup). */
export interface CheckedUrl {
  url: URL;
  /** The checked IP address; the sender connects here and nowhere else, so DNS rebinding fails. */
  address: string;
}

/** Why a URL could not be used at send time: a rule (unsafe) or a lookup failure, in words. */
export class UrlCheckFailure extends Error {
  constructor(
    readonly kind: 'unsafe' | 'dns' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'UrlCheckFailure';
  }
}

// Cloud metadata and platform services: refused even when private targets are allowed (local demos,
// tests). 169.254.169.254 and fd00:ec2::254: AWS, GCP, Azure, Oracle instance metadata; 169.254.170.2:
// AWS ECS task metadata and credentials; 100.100.100.200: Alibaba Cloud metadata; 168.63.129.16: the
// Azure platform (WireServer), a public address that the unicast rule alone would let through.
const METADATA = ['169.254.169.254', 'fd00:ec2::254', '169.254.170.2', '100.100.100.200', '168.63.129.16'].map((a) => ipaddr.parse(a));
// What WEBHOOK_ALLOW_PRIVATE_TARGETS=true opens up; everything else stays refused.
const PRIVATE_V4 = new Set(['loopback', 'private', 'carrierGradeNat', 'linkLocal']);
const PRIVATE_V6 = new Set(['loopback', 'uniqueLocal', 'linkLocal']);

/**
 * Whether an IP address is one the service must not call: anything but global unicast (private,
 * loopback, link-local, CGN 100.64/10, IPv6 unique-local, unspecified, multicast, broadcast, reserved,
 * documentation and benchmarking ranges, 6to4/Teredo tunnels, IPv4-compatible ::/96), IPv4 embedded in
 * IPv6 (mapped ::ffff:0:0/96, SIIT, NAT64 64:ff9b::/96) judged by its IPv4 part, and the cloud metadata
 * and platform addresses (METADATA), which stay refused when `allowPrivate` is true.
 * Unparseable input is blocked.
 */
export function isBlockedAddress(address: string, allowPrivate = false): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return true;
  }
  if (METADATA.some((m) => m.kind() === ip.kind() && m.toNormalizedString() === ip.toNormalizedString())) return true;
  if (ip.kind() === 'ipv4') {
    const range = (ip as ipaddr.IPv4).range();
    return !(range === 'unicast' || (allowPrivate && PRIVATE_V4.has(range)));
  }
  const v6 = ip as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return isBlockedAddress(v6.toIPv4Address().toString(), allowPrivate);
  if (range === 'rfc6052') {
    // Only the well-known NAT64 prefix 64:ff9b::/96 embeds an IPv4 address in its last 32 bits;
    // the local-use prefix 64:ff9b:1::/48 leads to the operator's own networks.
    const p = v6.parts;
    if (p[2] !== 0 || p[3] !== 0 || p[4] !== 0 || p[5] !== 0) return true;
    const v4 = `${p[6]! >> 8}.${p[6]! & 255}.${p[7]! >> 8}.${p[7]! & 255}`;
    return isBlockedAddress(v4, allowPrivate);
  }
  // IPv4-compatible ::/96 (deprecated) is unicast to ipaddr.js; nothing public lives there.
  if (range === 'unicast' && v6.parts.slice(0, 6).every((x) => x === 0)) return true;
  return !(range === 'unicast' || (allowPrivate && PRIVATE_V6.has(range)));
}

/**
 * Parses a webhook URL by the rules that need no lookup: https only, a host, no credentials, at most
 * 2048 characters. IP literals in every notation (decimal 2130706433, hex 0x7f.1, octal 0177.0.0.1, short
 * 127.1, bracketed IPv6) come out normalised by the WHATWG parser, so they are judged as the address
 * they mean. Throws validation_failed.
 */
export function parseWebhookUrl(raw: unknown): URL {
  const fail = (message: string): never => {
    throw DomainError.validation([{ path: 'url', message }]);
  };
  if (typeof raw !== 'string' || !raw.trim()) return fail('must be an https URL');
  if (raw.length > 2048) return fail('must be at most 2048 characters');
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return fail('must be an https URL');
  }
  if (url.protocol !== 'https:') return fail('must use https');
  if (!url.hostname) return fail('must name a host');
  if (url.username || url.password) return fail('must not contain a user name or password');
  url.hash = '';
  return url;
}

/** The literal IP of a URL's host (brackets removed), or null when the host is a name. */
export function ipLiteral(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
}

/**
 * Resolves a parsed URL's host and applies the address rules. Every address must pass (one private
 * answer among public ones is enough to refuse). Throws UrlCheckFailure; callers turn it into a
 * DomainError at save time and into a failed attempt at send time.
 */
export async function resolveAndCheck(svc: Pick<Services, 'config' | 'resolver'>, url: URL): Promise<CheckedUrl> {
  const allowPrivate = svc.config.webhookAllowPrivateTargets;
  const literal = ipLiteral(url);
  let addresses: string[];
  if (literal) addresses = [literal];
  else {
    try {
      addresses = await svc.resolver.resolve(url.hostname);
    } catch (err) {
      const code = (err as { code?: string }).code;
      throw new UrlCheckFailure('dns', `DNS lookup failed for ${url.hostname}: ${dnsWords(code)}${code ? ` (${code})` : ''}.`);
    }
    if (addresses.length === 0) throw new UrlCheckFailure('dns', `DNS lookup failed for ${url.hostname}: no address.`);
  }
  if (addresses.some((a) => isBlockedAddress(a, allowPrivate))) throw new UrlCheckFailure('unsafe', UNSAFE_WEBHOOK_URL_MESSAGE);
  return { url, address: addresses[0]! };
}

function dnsWords(code: string | undefined): string {
  switch (code) {
    case 'ENOTFOUND': return 'no such host';
    case 'EAI_AGAIN': case 'ETIMEOUT': return 'the name server did not answer in time';
    case 'ENODATA': return 'the host has no address';
    default: return 'the name could not be resolved';
  }
}

/** Save-time check: the URL's rules and its addresses now. Throws validation_failed or unsafe_webhook_url. */
export async function checkWebhookUrlForSave(svc: Pick<Services, 'config' | 'resolver'>, raw: unknown): Promise<CheckedUrl> {
  const url = parseWebhookUrl(raw);
  try {
    return await resolveAndCheck(svc, url);
  } catch (err) {
    if (err instanceof UrlCheckFailure && err.kind === 'unsafe') throw new DomainError('unsafe_webhook_url', UNSAFE_WEBHOOK_URL_MESSAGE, { details: [{ path: 'url', message: UNSAFE_WEBHOOK_URL_MESSAGE }] });
    if (err instanceof UrlCheckFailure) throw DomainError.validation([{ path: 'url', message: err.message }]);
    throw err;
  }
}
