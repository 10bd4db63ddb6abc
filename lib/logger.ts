import pino, { type Logger } from 'pino';
import type { Config } from './config';
import { activeTraceId } from './tracing';

export type { Logger };

/** Structured JSON logs; `npm run dev` pipes them through a prefixing pretty-printer. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, name: string): Logger {
  return pino({
    name,
    level: config.LOG_LEVEL,
    // Keys and secrets must never reach a log line.
    // Inside a trace, each line names it, so logs and traces meet.
    mixin: () => {
      const traceId = activeTraceId();
      return traceId ? { trace_id: traceId } : {};
    },
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', '*.api_key', '*.secret'],
      censor: '[redacted]',
    },
  });
}
