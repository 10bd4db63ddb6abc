import type { ConnectionDoc, ConnectionType } from './documents';
import { decryptSecret, encryptSecret } from './secrets';

/** The stored form of a connection's config: all of it encrypted, the non-secret parts shown. */
export const SECRET_CONFIG_FIELDS: Record<ConnectionType, string[]> = {
  hubspot: ['access_token'],
  caldav: ['password'],
};

export function sealConnectionConfig(
  encryptionKey: string | undefined,
  type: ConnectionType,
  config: Record<string, string>,
): Pick<ConnectionDoc, 'config_encrypted' | 'public_config'> {
  const publicConfig = Object.fromEntries(
    Object.entries(config).filter(([name]) => !SECRET_CONFIG_FIELDS[type].includes(name)),
  );
  return { config_encrypted: encryptSecret(encryptionKey, JSON.stringify(config)), public_config: publicConfig };
}

export function openConnectionConfig<T>(encryptionKey: string | undefined, connection: ConnectionDoc): T {
  return JSON.parse(decryptSecret(encryptionKey, connection.config_encrypted)) as T;
}
