import pino from 'pino';

export type Logger = pino.Logger;

// Anything that could carry a secret is never written to the logs.
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
];

export function createLogger(level: pino.LevelWithSilent): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } });
}
