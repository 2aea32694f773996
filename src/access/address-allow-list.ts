import ipaddr from 'ipaddr.js';
import { DomainError } from '../errors';

/** At most this many entries in a tenant's IP allow-list. */
export const ALLOW_LIST_MAX_ENTRIES = 100;

/** The one refusal of a request from outside the tenant's allow-list, on every door (FORBIDDEN, 403). */
export const ADDRESS_NOT_ALLOWED = 'Address not allowed: your organisation accepts sign-ins and API calls only from the networks on its IP allow-list.';

export function addressNotAllowed(): DomainError {
  return new DomainError('forbidden', ADDRESS_NOT_ALLOWED);
}

/** An address as ipaddr.js parses it, an IPv4-mapped IPv6 address (::ffff:a.b.c.d) as its IPv4 form; null when unparsable. */
function parseAddress(address: string | undefined | null): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!address || !ipaddr.isValid(address)) return null;
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) return (ip as ipaddr.IPv6).toIPv4Address();
  return ip;
}

/**
 * Checks and normalises an allow-list typed by an admin: each entry an IPv4 or IPv6 CIDR (`203.0.113.0/24`,
 * `2001:db8::/32`) or a single address (taken as /32 or /128), host bits cleared, duplicates dropped. Throws
 * validation_failed naming each bad entry (`cidrs.<index>`).
 */
export function normaliseAllowList(raw: unknown): string[] {
  if (!Array.isArray(raw)) throw DomainError.validation([{ path: 'cidrs', message: 'must be a list of CIDRs' }]);
  if (raw.length > ALLOW_LIST_MAX_ENTRIES) throw DomainError.validation([{ path: 'cidrs', message: `must have at most ${ALLOW_LIST_MAX_ENTRIES} entries` }]);
  const problems: { path: string; message: string }[] = [];
  const out: string[] = [];
  raw.forEach((entry, i) => {
    const text = typeof entry === 'string' ? entry.trim() : '';
    try {
      const [ip, bits] = text.includes('/') ? ipaddr.parseCIDR(text) : (() => { const a = ipaddr.parse(text); return [a, a.kind() === 'ipv4' ? 32 : 128] as const; })();
      const network = ip.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(`${ip.toString()}/${bits}`) : ipaddr.IPv6.networkAddressFromCIDR(`${ip.toString()}/${bits}`);
      const cidr = `${network.toString()}/${bits}`;
      if (!out.includes(cidr)) out.push(cidr);
    } catch {
      problems.push({ path: `cidrs.${i}`, message: 'must be an IPv4 or IPv6 address or CIDR, such as 203.0.113.0/24 or 2001:db8::/32' });
    }
  });
  if (problems.length) throw DomainError.validation(problems);
  return out;
}

/** Whether `address` is inside one of the list's CIDRs. An empty or missing list allows every address; an unparsable address none. */
export function addressAllowed(list: readonly string[] | null | undefined, address: string | undefined | null): boolean {
  if (!list || list.length === 0) return true;
  const ip = parseAddress(address);
  if (!ip) return false;
  return list.some((cidr) => {
    const [net, bits] = ipaddr.parseCIDR(cidr);
    return net.kind() === ip.kind() && ip.match([net, bits] as never);
  });
}
