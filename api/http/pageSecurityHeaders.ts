/**
 * Headers for a page this server serves to browsers (the console, the API reference): a strict
 * Content-Security-Policy (everything from this origin only, no inline script, no framing) with
 * the few extra sources a page names, and the headers that stop sniffing, framing and referrers.
 */
export function pageSecurityHeaders(extra: { styleSrc?: string[]; mediaSrc?: boolean } = {}): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      "script-src 'self'",
      ["style-src 'self'", ...(extra.styleSrc ?? [])].join(' '),
      "img-src 'self' data:",
      ...(extra.mediaSrc ? ["media-src 'self'"] : []),
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
  };
}
