import { type LookupAddress, lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Which addresses the sender may connect to (server-side request forgery guard). */
export interface AddressPolicy {
  /** True allows every address; a list allows the listed addresses and ranges on top of public ones. */
  allowPrivate: boolean | string[];
}

/** A webhook URL the sender will not call; the message says why, for the person registering it. */
export class WebhookUrlError extends Error {
  readonly code = 'ERR_WEBHOOK_URL';
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function parseAllowList(policy: AddressPolicy): Range[] {
  if (!Array.isArray(policy.allowPrivate)) return [];
  return policy.allowPrivate.map((entry) => {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    const addr = ipaddr.parse(entry);
    return [addr, addr.kind() === 'ipv4' ? 32 : 128];
  });
}

function inRanges(addr: ipaddr.IPv4 | ipaddr.IPv6, ranges: Range[]): boolean {
  return ranges.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits));
}

/**
 * IPv6 ranges that carry an IPv4 address inside (IPv4-compatible ::/96, mapped ::ffff:0:0/96, translated
 * ::ffff:0:0:0/96, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4 2002::/16, Teredo 2001::/32): a connection to one
 * can reach the embedded IPv4 host, and ipaddr.js calls ::/96 plain unicast, so each is refused by its prefix.
 */
const EMBEDDED_IPV4: Range[] = [
  '::/96',
  '::ffff:0:0/96',
  '::ffff:0:0:0/96',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '2002::/16',
  '2001::/32',
].map((cidr) => ipaddr.parseCIDR(cidr));

/**
 * Only ordinary public unicast addresses pass: loopback, private, link-local (cloud metadata), multicast,
 * reserved, carrier-grade NAT, IPv4-mapped and IPv4-embedding IPv6 forms are all refused unless allowed.
 */
export function createAddressCheck(policy: AddressPolicy): (address: string) => boolean {
  if (policy.allowPrivate === true) return () => true;
  const allowed = parseAllowList(policy);
  return (address) => {
    if (!ipaddr.isValid(address)) return false;
    const raw = ipaddr.parse(address);
    // An IPv4-mapped IPv6 address is allowed only when its IPv4 form is listed.
    const plain = ipaddr.process(address);
    if (inRanges(raw, allowed) || inRanges(plain, allowed)) return true;
    return raw.range() === 'unicast' && !inRanges(raw, EMBEDDED_IPV4);
  };
}

function describe(addresses: string[]): string {
  return addresses.join(', ');
}

/** What a refusal tells the person: where this sender may connect, and the setting that changes it. */
const WEBHOOK_POLICY = 'webhooks are only sent to public addresses (see WEBHOOK_ALLOW_PRIVATE)';

/**
 * A DNS lookup for the sender's connections that only ever answers with addresses the policy allows; `policy` ends
 * the refusal's message (the page reader of src/onboarding/ says what it reads).
 */
export function createGuardedLookup(
  isAllowed: (address: string) => boolean,
  policy: string = WEBHOOK_POLICY,
): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { family: options.family, hints: options.hints, all: true }, (err, found) => {
      if (err) return callback(err, '', 0);
      const list = found as LookupAddress[];
      const allowed = list.filter((a) => isAllowed(a.address));
      if (allowed.length === 0) {
        const blocked = new WebhookUrlError(
          `${hostname} resolves to a private or reserved address (${describe(list.map((a) => a.address))}); ${policy}`,
        );
        return callback(blocked as NodeJS.ErrnoException, '', 0);
      }
      // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily), else for one.
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/** Strips the brackets the URL parser keeps around an IPv6 host. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** The checks that need no network: an absolute https URL without credentials, and no refused literal IP. */
export function checkWebhookUrlSyntax(raw: string, isAllowed: (address: string) => boolean): URL {
  if (raw.length > 2000) throw new WebhookUrlError('The webhook URL is longer than 2,000 characters.');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlError(`"${raw}" is not a URL; give a full https:// address.`);
  }
  if (url.protocol !== 'https:') {
    throw new WebhookUrlError(
      `Only https URLs are accepted as webhook endpoints (got ${url.protocol.replace(/:$/, '')}).`,
    );
  }
  if (url.username || url.password) {
    throw new WebhookUrlError('A webhook URL must not carry a user name or password.');
  }
  const host = hostOf(url);
  if (ipaddr.isValid(host) && !isAllowed(host)) {
    throw new WebhookUrlError(
      `${host} is a private or reserved address; webhooks are only sent to public addresses (see WEBHOOK_ALLOW_PRIVATE).`,
    );
  }
  return url;
}

/**
 * The registration check: the syntax checks, then the host must resolve to allowed addresses only.
 * With requireResolvable false (setup's import, which may run before DNS exists) a host that does not
 * resolve yet is accepted; the check at delivery still applies.
 */
export async function checkWebhookUrl(
  raw: string,
  isAllowed: (address: string) => boolean,
  opts: { requireResolvable: boolean } = { requireResolvable: true },
): Promise<URL> {
  const url = checkWebhookUrlSyntax(raw, isAllowed);
  const host = hostOf(url);
  if (ipaddr.isValid(host)) return url;
  let found: LookupAddress[];
  try {
    found = await new Promise((resolve, reject) =>
      lookup(host, { all: true }, (err, list) => (err ? reject(err) : resolve(list))),
    );
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (!opts.requireResolvable && (code === 'ENOTFOUND' || code === 'EAI_AGAIN')) return url;
    throw new WebhookUrlError(
      `Cannot resolve ${host} (${(err as NodeJS.ErrnoException).code ?? 'DNS error'}); check the host name.`,
    );
  }
  const refused = found.filter((a) => !isAllowed(a.address)).map((a) => a.address);
  if (refused.length > 0) {
    throw new WebhookUrlError(
      `${host} resolves to a private or reserved address (${describe(refused)}); ` +
        'webhooks are only sent to public addresses (see WEBHOOK_ALLOW_PRIVATE).',
    );
  }
  return url;
}
