import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { traceHeaders } from './tracing';

/*
 * Outbound HTTP for every request the product makes to an address a customer gave us (recording
 * downloads now; webhook deliveries and CRM calls later). Server-side request forgery is refused on
 * the address actually connected to: the DNS answer is checked inside the socket's lookup, so
 * rebinding, decimal or IPv6-mapped spellings of loopback, and redirects into the network all
 * fail. OUTBOUND_ALLOWED_HOSTS admits named hosts, IPs or CIDRs (tests serve from 127.0.0.1).
 */
export class OutboundBlockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundBlockedError';
  }
}

export class OutboundHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundHttpError';
  }
}

/**
 * Only globally routable unicast addresses are reached. The ranges are ipaddr.js's (IANA's special
 * registries), not a hand list. IPv6 forms that carry an IPv4 address (mapped, IPv4-compatible,
 * SIIT, NAT64, 6to4) are judged by that IPv4 address; Teredo, whose embedded address is obscured,
 * is refused outright.
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const fromWords = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052') return fromWords(parts[6]!, parts[7]!);
  if (range === '6to4') return fromWords(parts[1]!, parts[2]!);
  // IPv4-compatible (::a.b.c.d, deprecated by RFC 4291): 96 zero bits, then the IPv4 address.
  if (parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || parts[7]! > 1)) {
    return fromWords(parts[6]!, parts[7]!);
  }
  return null;
}

export function isBlockedAddress(address: string): boolean {
  if (!ipaddr.isValid(address) || net.isIP(address) === 0) return true; // not an address at all: refuse rather than guess
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const inner = embeddedIpv4(parsed as ipaddr.IPv6);
    if (inner) return inner.range() !== 'unicast';
  }
  return parsed.range() !== 'unicast';
}

export interface OutboundPolicy {
  /** Host names, IP addresses or CIDRs exempt from the address check. */
  allowedHosts: readonly string[];
}

function allowListed(policy: OutboundPolicy, hostname: string, address?: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  for (const entry of policy.allowedHosts) {
    const value = entry.toLowerCase();
    if (value === host) return true;
    if (address && value === address) return true;
    const cidr = /^(.+)\/(\d{1,3})$/.exec(value);
    if (cidr && address && net.isIP(cidr[1]!) && net.isIP(address) === net.isIP(cidr[1]!)) {
      const list = new net.BlockList();
      list.addSubnet(cidr[1]!, Number(cidr[2]), net.isIP(address) === 4 ? 'ipv4' : 'ipv6');
      if (list.check(address, net.isIP(address) === 4 ? 'ipv4' : 'ipv6')) return true;
    }
  }
  return false;
}

function assertAddressAllowed(policy: OutboundPolicy, hostname: string, address: string): void {
  if (isBlockedAddress(address) && !allowListed(policy, hostname, address)) {
    throw new OutboundBlockedError(`Refusing to connect to ${hostname} (${address}): private or reserved address`);
  }
}

/** A socket lookup that checks every address the resolver returns before connecting. */
function guardedLookup(policy: OutboundPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      try {
        for (const entry of list) assertAddressAllowed(policy, hostname, entry.address);
      } catch (blocked) {
        return callback(blocked as NodeJS.ErrnoException, '', 0);
      }
      if ((options as dns.LookupOptions).all) return callback(null, list as never);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * Checks, before anything is stored, that a URL a customer gives us (a webhook endpoint) does not
 * point into our network: the host, or every address its name resolves to now. Deliveries check
 * the connected address again (DNS may change). Throws OutboundBlockedError with the reason.
 */
export async function assertPublicDestination(policy: OutboundPolicy, url: string): Promise<void> {
  const hostname = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(hostname)) return assertAddressAllowed(policy, hostname, hostname);
  if (allowListed(policy, hostname)) return;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(hostname, { all: true });
  } catch {
    throw new OutboundBlockedError(`${hostname} does not resolve`);
  }
  for (const { address } of addresses) assertAddressAllowed(policy, hostname, address);
}

/** A response body as text, at most `maxBytes` (the rest is dropped). */
export async function readBodyText(body: Readable, maxBytes = 1_048_576): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    chunks.push(buffer);
    length += buffer.length;
    if (length >= maxBytes) break;
  }
  body.destroy();
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Readable;
  url: string;
}

export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'REPORT' | 'PROPFIND';
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
  /** Redirects to follow, each re-checked; 0 returns a 3xx as it is. */
  maxRedirects: number;
  signal?: AbortSignal;
  ca?: string | Buffer | (string | Buffer)[];
}

export const MAX_REDIRECTS = 3;

/** A redirect chain that loops or runs past its limit: the URL will not work on a retry either. */
export class OutboundRedirectError extends OutboundHttpError {
  constructor(status: number, message: string) {
    super(status, message);
    this.name = 'OutboundRedirectError';
  }
}

/** Sends one request under the policy; follows redirects (GET only) up to `maxRedirects`. */
export async function outboundRequest(policy: OutboundPolicy, request: OutboundRequest): Promise<OutboundResponse> {
  let url = new URL(request.url);
  const visited = new Set([url.toString()]);
  for (let redirects = 0; ; redirects++) {
    const response = await requestOnce(policy, { ...request, url: url.toString() });
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && location && request.maxRedirects > 0) {
      response.body.resume();
      if (redirects >= request.maxRedirects) {
        throw new OutboundRedirectError(response.status, `Too many redirects (more than ${request.maxRedirects})`);
      }
      url = new URL(location, url);
      if (visited.has(url.toString())) throw new OutboundRedirectError(response.status, `Redirect loop at ${url.host}`);
      visited.add(url.toString());
      continue;
    }
    return response;
  }
}

function requestOnce(policy: OutboundPolicy, request: OutboundRequest): Promise<OutboundResponse> {
  const url = new URL(request.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new OutboundBlockedError(`Unsupported URL scheme ${url.protocol}`));
  }
  if (url.username || url.password) {
    return Promise.reject(new OutboundBlockedError('URLs with credentials are not fetched'));
  }
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  // Node skips the lookup for IP literals, so those are checked here.
  if (net.isIP(hostname)) {
    try {
      assertAddressAllowed(policy, hostname, hostname);
    } catch (error) {
      return Promise.reject(error);
    }
  }
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      url,
      {
        method: request.method ?? 'GET',
        // The active trace continues at the receiver (`traceparent`; nothing when tracing is off).
        headers: { ...traceHeaders(), ...request.headers },
        lookup: guardedLookup(policy),
        timeout: request.timeoutMs,
        signal: request.signal,
        ...(request.ca ? { ca: request.ca } : {}),
        // Keep-alive sockets could outlive the address check of the request that opened them.
        agent: false,
      },
      (res) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res, url: url.toString() }),
    );
    req.on('timeout', () => req.destroy(new Error(`Timed out after ${request.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}
