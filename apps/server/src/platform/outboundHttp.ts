import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Outbound HTTP to addresses users type (webhooks, group robots; issue 32, and the event
 * subscriptions of issue 33): http(s) only, no redirects followed, a 5 s time-out, and no
 * connection to a loopback, link-local, private or otherwise internal address unless its host is
 * listed in WEBHOOK_ALLOW_HOSTS (names, IPs or CIDRs). The check is made on the address actually
 * connected to (the socket's DNS lookup), so a name that resolves elsewhere later (DNS rebinding)
 * is refused too.
 */

export const outboundTimeoutMs = 5000;
const answerBytesMax = 16 * 1024;

/** Ranges no user-entered address may reach (RFC 6890 special-purpose and private blocks). */
const internal = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) is checked as the IPv4 address it is. */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) {
    return { address: mapped[1], family: 'ipv4' };
  }
  return { address, family: net.isIPv6(address) ? 'ipv6' : 'ipv4' };
}

export function isInternalAddress(address: string): boolean {
  const plain = plainAddress(address);
  return internal.check(plain.address, plain.family);
}

/** WEBHOOK_ALLOW_HOSTS as a check of a host name and the address it resolved to. */
export class OutboundAllowList {
  private readonly names = new Set<string>();
  private readonly addresses = new net.BlockList();

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase().replace(/^\[|\]$/g, '');
      const cidr = /^(.+)\/(\d{1,3})$/.exec(entry);
      if (cidr?.[1] && net.isIP(cidr[1])) {
        this.addresses.addSubnet(cidr[1], Number(cidr[2]), net.isIPv6(cidr[1]) ? 'ipv6' : 'ipv4');
      } else if (net.isIP(entry)) {
        this.addresses.addAddress(entry, net.isIPv6(entry) ? 'ipv6' : 'ipv4');
      } else if (entry !== '') {
        this.names.add(entry);
      }
    }
  }

  allows(host: string, address: string): boolean {
    const plain = plainAddress(address);
    return this.names.has(host.toLowerCase()) || this.addresses.check(plain.address, plain.family);
  }
}

/** Why an address may not be used: a message key, or null when it may. */
export type OutboundRefusal = 'notify.urlFormat' | 'notify.urlPrivate';

function parsed(url: string): URL | null {
  try {
    const value = new URL(url);
    return (value.protocol === 'http:' || value.protocol === 'https:') && value.username === '' && value.password === '' ? value : null;
  } catch {
    return null;
  }
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Checks an address when it is saved: its form, and where its host resolves now. A name that does
 * not resolve is let through (it is checked again, on the address connected to, at each send).
 */
export async function checkOutboundUrl(url: string, allow: OutboundAllowList): Promise<OutboundRefusal | null> {
  const value = parsed(url);
  if (!value) {
    return 'notify.urlFormat';
  }
  const host = hostOf(value);
  let addresses: string[];
  if (net.isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return host === 'localhost' ? 'notify.urlPrivate' : null;
    }
  }
  return addresses.some((address) => isInternalAddress(address) && !allow.allows(host, address)) ? 'notify.urlPrivate' : null;
}

export interface OutboundAnswer {
  status: number;
  body: string;
}

/** A send that did not get an answer: `reason` is a message key with its argument (`key|arg`). */
export class OutboundError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * POSTs `body` to `url` under the rules above; answers the status and (the first 16 KB of) the
 * body. A redirect is an answer like any other (the caller treats a 3xx as a failure). `signal`
 * aborts it (the server's close).
 */
export function postOutbound(url: string, body: string, headers: Record<string, string>, allow: OutboundAllowList, signal?: AbortSignal): Promise<OutboundAnswer> {
  const value = parsed(url);
  if (!value) {
    return Promise.reject(new OutboundError('notify.urlFormat'));
  }
  const host = hostOf(value);
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 4);
        return;
      }
      const list = addresses;
      const refused = list.find((a) => isInternalAddress(a.address) && !allow.allows(host, a.address));
      if (refused || list.length === 0) {
        callback(Object.assign(new Error('notify.urlPrivate'), { code: 'ESMARTDATA_PRIVATE' }), '', 4);
        return;
      }
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      } else {
        callback(null, list[0].address, list[0].family);
      }
    });
  };
  // An IP literal is not looked up by the socket: checked here.
  if (net.isIP(host) && isInternalAddress(host) && !allow.allows(host, host)) {
    return Promise.reject(new OutboundError('notify.urlPrivate'));
  }
  const transport = value.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      value,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'SmartData-Console', ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        timeout: outboundTimeoutMs,
        signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < answerBytesMax) {
            chunks.push(chunk);
          }
          size += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, answerBytesMax) }));
        response.on('error', (error) => reject(new OutboundError(`notify.unreachable|${error.message}`)));
      },
    );
    // The whole exchange within the time-out, not only each idle gap.
    const timer = setTimeout(() => request.destroy(new OutboundError('notify.timeout')), outboundTimeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('timeout', () => request.destroy(new OutboundError('notify.timeout')));
    request.on('error', (error: Error & { code?: string }) => {
      if (error instanceof OutboundError) {
        reject(error);
      } else if (error.code === 'ESMARTDATA_PRIVATE') {
        reject(new OutboundError('notify.urlPrivate'));
      } else if (error.name === 'AbortError') {
        reject(error);
      } else {
        reject(new OutboundError(`notify.unreachable|${error.code ?? error.message}`));
      }
    });
    request.end(body);
  });
}
