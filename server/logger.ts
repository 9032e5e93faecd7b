import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * JSON lines in production; pretty output for a developer's terminal.
 * Redaction is a second line of defence: request bodies are never logged in the first place.
 */
export function createLogger(options: { level: string; pretty: boolean }): Logger {
  return pino({
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
    transport: options.pretty
      ? { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss.l' } }
      : undefined,
  });
}
