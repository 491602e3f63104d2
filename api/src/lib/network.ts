// The approximate network an address belongs to, to show a person where a request came from without
// revealing the exact address: IPv4 as its /24 ("203.0.113.x"), IPv6 as its /48 ("2001:db8:1::/48").
import { isIPv4, isIPv6 } from 'node:net';

function expandIPv6(address: string): string[] | null {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  if (tail === undefined) return left.length === 8 ? left : null;
  const missing = 8 - left.length - right.length;
  return missing < 0 ? null : [...left, ...Array<string>(missing).fill('0'), ...right];
}

export function networkPrefix(ip: string | undefined): string | null {
  if (!ip) return null;
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').replace(/%.*$/, '');
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.x`;
  if (!isIPv6(address)) return null;
  const groups = expandIPv6(address.toLowerCase());
  if (!groups) return null;
  return `${groups
    .slice(0, 3)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/48`;
}
