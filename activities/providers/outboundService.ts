import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { OutboundBlockedError, outboundRequest, readBodyText, type OutboundPolicy } from '../../lib/outbound';

/**
 * HTTP to a customer's service (CRM, calendar) with the product's outbound rules: SSRF checks on
 * the connected address, OUTBOUND_ALLOWED_HOSTS, OUTBOUND_CA_FILE, no redirects. Failures come out
 * as one of two errors so activities know what a retry can fix.
 */
export class ServiceRejected extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ServiceRejected';
  }
}

export class ServiceUnavailable extends Error {
  constructor(
    message: string,
    /** From Retry-After, when the service said how long to wait. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
    this.name = 'ServiceUnavailable';
  }
}

export interface OutboundSettings {
  OUTBOUND_ALLOWED_HOSTS: string[];
  OUTBOUND_CA_FILE?: string;
}

export interface ServiceResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export const SERVICE_TIMEOUT_MS = 15_000;

function retryAfterSeconds(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

const caBundles = new Map<string, string[]>();

/** The system CAs plus OUTBOUND_CA_FILE's, read once per file (not on every request). */
export function outboundCa(settings: OutboundSettings): string[] | undefined {
  const file = settings.OUTBOUND_CA_FILE;
  if (!file) return undefined;
  let bundle = caBundles.get(file);
  if (!bundle) {
    bundle = [...rootCertificates, readFileSync(file, 'utf8')];
    caBundles.set(file, bundle);
  }
  return bundle;
}

/**
 * One request. 2xx (and statuses in `accept`) resolve; 401/403 and other 4xx reject with
 * ServiceRejected; 429, 5xx, timeouts and connection errors with ServiceUnavailable.
 */
export async function callService(
  settings: OutboundSettings,
  request: {
    url: string;
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'PROPFIND' | 'REPORT';
    headers: Record<string, string>;
    body?: string;
  },
  accept: number[] = [],
): Promise<ServiceResponse> {
  const policy: OutboundPolicy = { allowedHosts: settings.OUTBOUND_ALLOWED_HOSTS };
  const ca = outboundCa(settings);
  let response;
  try {
    response = await outboundRequest(policy, {
      ...request,
      timeoutMs: SERVICE_TIMEOUT_MS,
      signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
      maxRedirects: 0,
      ...(ca ? { ca } : {}),
    });
  } catch (error) {
    if (error instanceof OutboundBlockedError) throw new ServiceRejected(error.message, null);
    const name = (error as { name?: unknown } | null)?.name;
    const message =
      name === 'AbortError' || name === 'TimeoutError'
        ? `timed out after ${SERVICE_TIMEOUT_MS} ms`
        : String((error as Error).message ?? error);
    throw new ServiceUnavailable(`${request.method} ${new URL(request.url).host}: ${message}`, null);
  }
  const text = await readBodyText(response.body, 1_048_576);
  const result = { status: response.status, headers: response.headers, text };
  if ((response.status >= 200 && response.status < 300) || accept.includes(response.status)) return result;
  const what = `${request.method} ${new URL(request.url).pathname} answered HTTP ${response.status}: ${text.slice(0, 200)}`;
  if (response.status === 429 || response.status >= 500 || response.status === 408) {
    throw new ServiceUnavailable(what, retryAfterSeconds(response.headers['retry-after']));
  }
  throw new ServiceRejected(what, response.status);
}
