// Calls the server makes to an address an administrator gave it (the lock system's webhook, later the
// channel feeds): only to public addresses, so a setting cannot turn the server against its own network,
// the cloud's metadata service or the machine itself (server-side request forgery).
import { lookup as lookupAddresses, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError, invalidField } from '../errors.ts';

/** Whether addresses in private networks may be called: ALLOW_PRIVATE_OUTBOUND (a local stand-in). */
export type TOutboundPolicy = { allowPrivateAddresses: boolean };

/**
 * Whether an IP address is a public unicast one the server may call. Refused are loopback, private
 * (RFC 1918), carrier-grade NAT (100.64/10), link-local (169.254/16 with the cloud metadata service,
 * fe80::/10), unique local (fc00::/7 with fd00:ec2::254), unspecified, broadcast, multicast, and every
 * other range ipaddr.js names (documentation, benchmarking, 6to4, Teredo, NAT64, ...) and the
 * IPv4-compatible ::/96; an IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4
 * address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  const parsed = ipaddr.process(address);
  // ::/96 (IPv4-compatible, deprecated by RFC 4291: ::127.0.0.1) is no public address either.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0))
    return false;
  return parsed.range() === 'unicast';
}

/** The refusal of an address: the code tells the client, the detail names the host. */
function refused(host: string): AppError {
  return new AppError(
    'outbound/url_not_allowed',
    `${host} is an address in a private network or of this machine; only public addresses are called`,
    { host },
  );
}

/** The URL of an outbound address, or a validation problem naming `field`: http or https only. */
function parseOutboundUrl(value: string, field: string): URL {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw invalidField(field, 'an http:// or https:// address');
  return url;
}

/** The host of a URL as the resolver and the address check take it: an IPv6 literal without brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    lookupAddresses(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });
}

/**
 * Checks an address an administrator saves for the server to call: http or https, and a host that is
 * (or whose name now resolves to) public addresses only. A name that does not resolve yet is taken: the
 * call checks again, and it is what counts.
 */
export async function assertOutboundUrl(
  value: string,
  policy: TOutboundPolicy,
  field: string,
): Promise<void> {
  const url = parseOutboundUrl(value, field);
  if (policy.allowPrivateAddresses) return;
  const host = hostOf(url);
  if (isIP(host) !== 0) {
    if (!isPublicAddress(host)) throw refused(host);
    return;
  }
  const addresses = await resolveAll(host).catch(() => []);
  if (addresses.some(({ address }) => !isPublicAddress(address))) throw refused(host);
}

/**
 * The resolver of an outbound call: it resolves every address of the name, refuses the name when any
 * of them is not public, and hands the checked addresses to the connection, so a second answer of the
 * name server (DNS rebinding) never reaches the socket.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  resolveAll(hostname).then(
    (addresses) => {
      if (addresses.some(({ address }) => !isPublicAddress(address))) {
        callback(refused(hostname), '');
        return;
      }
      const usable = options.family ? addresses.filter(({ family }) => family === options.family) : addresses;
      if (usable.length === 0)
        callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      else if (options.all) callback(null, usable);
      else callback(null, usable[0]!.address, usable[0]!.family);
    },
    (error: NodeJS.ErrnoException) => callback(error, ''),
  );
};

export type TOutboundResponse = {
  status: number;
  /** The answer as UTF-8 text. */
  body: string;
  /** The answer as it came, for a binary one (an archive). */
  bytes: Buffer;
  headers: Record<string, string | string[] | undefined>;
};

/** The largest answer read from an outbound address unless the call says otherwise; a longer one fails it. */
const defaultMaxBytes = 1024 * 1024;

export type TOutboundInit = {
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** The largest answer taken (1 MiB unless given). */
  maxBytes?: number;
  /** Redirects followed (each to an address checked like the first); none unless given: a 3xx is the answer. */
  redirects?: number;
};

/**
 * One HTTP call to an address an administrator gave: only to public addresses (checked after the name
 * is resolved, on the address actually connected to, and again on each redirect followed), with a time
 * limit and a bound on the answer's size. Throws `outbound/url_not_allowed` for a refused address.
 */
export async function requestOutbound(
  value: string,
  init: TOutboundInit,
  policy: TOutboundPolicy,
): Promise<TOutboundResponse> {
  const response = await requestOnce(value, init, policy);
  const location = response.headers.location;
  if (
    (init.redirects ?? 0) > 0 &&
    response.status >= 300 &&
    response.status < 400 &&
    typeof location === 'string'
  )
    return requestOutbound(
      new URL(location, value).toString(),
      { ...init, redirects: init.redirects! - 1 },
      policy,
    );
  return response;
}

async function requestOnce(
  value: string,
  init: TOutboundInit,
  policy: TOutboundPolicy,
): Promise<TOutboundResponse> {
  const maxResponseBytes = init.maxBytes ?? defaultMaxBytes;
  const url = parseOutboundUrl(value, 'url');
  const host = hostOf(url);
  if (!policy.allowPrivateAddresses && isIP(host) !== 0 && !isPublicAddress(host)) throw refused(host);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<TOutboundResponse>((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: init.method,
        headers: init.headers,
        signal: AbortSignal.timeout(init.timeoutMs),
        ...(policy.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxResponseBytes) {
            response.destroy(new Error(`the answer of ${url.host} is larger than ${maxResponseBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            body: bytes.toString('utf8'),
            bytes,
            headers: response.headers,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}
