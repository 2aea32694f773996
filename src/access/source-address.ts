import ipaddr from 'ipaddr.js';

/**
 * The key under which limits count a request's source address: an IPv4 address as it is (an
 * IPv4-mapped IPv6 address as its IPv4 form), an IPv6 address by its /64 (one host or home usually
 * has a whole /64, so counting single IPv6 addresses would let it rotate through them), anything
 * unparsable as "unknown".
 */
export function sourceAddressKey(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return 'unknown';
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.kind() === 'ipv4') return ip.toString();
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
