import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../lib/config';
import { randomToken } from '../lib/ids';
import { generateEncryptionKey } from '../lib/secrets';
import { REPO_ROOT } from './tools';

/**
 * The embedded stack's secrets key: generated once into DATA_DIR/secrets.key by `npm run dev`
 * and read from there by the admin CLI, unless SECRETS_ENCRYPTION_KEY is set (production).
 */
export function devSecretsKeyPath(config: Pick<Config, 'DATA_DIR'>): string {
  return path.resolve(REPO_ROOT, config.DATA_DIR, 'secrets.key');
}

export function ensureDevEncryptionKey(config: Pick<Config, 'DATA_DIR' | 'SECRETS_ENCRYPTION_KEY'>): string {
  if (config.SECRETS_ENCRYPTION_KEY) return config.SECRETS_ENCRYPTION_KEY;
  const file = devSecretsKeyPath(config);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${generateEncryptionKey()}\n`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

export function encryptionKeyFor(config: Pick<Config, 'DATA_DIR' | 'SECRETS_ENCRYPTION_KEY'>): string | undefined {
  if (config.SECRETS_ENCRYPTION_KEY) return config.SECRETS_ENCRYPTION_KEY;
  const file = devSecretsKeyPath(config);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** The ask service key of the embedded stack: ASK_SERVICE_KEY, else one generated into DATA_DIR/ask-service.key. */
export function ensureDevAskServiceKey(config: Pick<Config, 'DATA_DIR' | 'ASK_SERVICE_KEY'>): string {
  if (config.ASK_SERVICE_KEY) return config.ASK_SERVICE_KEY;
  const file = path.resolve(REPO_ROOT, config.DATA_DIR, 'ask-service.key');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `ask_${randomToken(32)}\n`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}
