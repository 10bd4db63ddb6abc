import { execFileSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real HTTPS webhook receiver for tests: a throwaway certificate authority (made with the openssl
 * CLI) signs a certificate for localhost and 127.0.0.1; the product trusts the CA through
 * OUTBOUND_CA_FILE, never by turning TLS checks off. Signatures are verified here with Node's
 * crypto directly, independently of the product's own signing code.
 */
export interface ReceivedDelivery {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface TlsReceiver {
  url: string;
  caFile: string;
  received: ReceivedDelivery[];
  /** Paths answered 500 (a receiver that is failing), until removed. */
  failing: Set<string>;
  close(): Promise<void>;
}

export async function startTlsReceiver(): Promise<TlsReceiver> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cis-tls-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=cis test CA',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    file('leaf.key'),
    '-out',
    file('leaf.csr'),
    '-subj',
    '/CN=localhost',
  );
  writeFileSync(file('leaf.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl('x509', '-req', '-in', file('leaf.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file('leaf.pem'), '-days', '1', '-extfile', file('leaf.ext')); // prettier-ignore

  const received: ReceivedDelivery[] = [];
  const failing = new Set<string>();
  const server = https.createServer(
    { key: readFileSync(file('leaf.key')), cert: readFileSync(file('leaf.pem')) },
    (req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body });
        if (failing.has(req.url ?? '')) res.writeHead(500, { 'Content-Type': 'text/plain' }).end('receiver is down');
        else res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    caFile: file('ca.pem'),
    received,
    failing,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}

const constantTimeEqual = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Receiver-side check of `X-Service-Signature` (any of the listed signatures may match). */
export function serviceSignatureValid(secret: string, delivery: ReceivedDelivery): boolean {
  const expected = `sha256=${createHmac('sha256', secret).update(delivery.body).digest('hex')}`;
  return String(delivery.headers['x-service-signature'] ?? '')
    .split(',')
    .some((candidate) => constantTimeEqual(candidate.trim(), expected));
}

/** Receiver-side check of the Standard Webhooks signature, with a 5-minute replay window. */
export function standardSignatureValid(secret: string, delivery: ReceivedDelivery, now = Date.now()): boolean {
  const id = String(delivery.headers['webhook-id']);
  const timestamp = Number(delivery.headers['webhook-timestamp']);
  if (!Number.isFinite(timestamp) || Math.abs(now / 1000 - timestamp) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${delivery.body}`).digest('base64');
  return String(delivery.headers['webhook-signature'] ?? '')
    .split(' ')
    .some((candidate) => candidate.startsWith('v1,') && constantTimeEqual(candidate.slice(3), expected));
}

/** The same check with the openssl CLI: `openssl dgst -sha256 -hmac <secret>` over the body. */
export function opensslServiceSignature(secret: string, body: string): string {
  const output = execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret], { input: body }).toString();
  return `sha256=${output.trim().split(/\s+/).pop()}`;
}
