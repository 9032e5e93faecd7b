import pino, { type Logger } from 'pino';
import { redactUrlSecrets } from './redact';

export type { Logger };

/**
 * JSON lines in production; pretty output for a developer's terminal.
 * Redaction is a second line of defence: request bodies are never logged in the first place.
 */
export function createLogger(options: {
  level: string;
  pretty: boolean;
  /** Where the lines go instead of standard output (a test's buffer). */
  destination?: pino.DestinationStream;
}): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level,
    base: undefined,
    redact: {
      paths: [
        'password',
        '*.password',
        'cardNumber',
        '*.cardNumber',
        'cardCode',
        '*.cardCode',
        'token',
        '*.token',
        'headers.cookie',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
    // An error's message, stack or fields may quote a URL with a token in it (a failed request
    // to a reset link, a provider's answer): those parts are redacted, the rest kept.
    serializers: { err: serializeError },
  };
  if (options.destination) return pino(settings, options.destination);
  if (options.pretty) {
    return pino({
      ...settings,
      transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss.l' } },
    });
  }
  // Asynchronous writes: while one write is in flight the next lines gather and go out together,
  // instead of one system call per request line (about a tenth of a cached page's cost). An idle
  // server still writes each line at once; pino flushes what is pending when the process exits.
  return pino(settings, pino.destination({ dest: 1, sync: false }));
}

/** pino's error serializer, with the secrets of any URL in its text fields redacted. */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return scrub(pino.stdSerializers.err(error), 0);
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactUrlSecrets(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = scrub(item, depth + 1);
  return copy;
}
