import type { z } from 'zod';
import type { Config } from '../../../lib/config';
import { sealConnectionConfig } from '../../../lib/connections';
import type { ConnectionDoc } from '../../../lib/documents';
import { conflict, notFound } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { isDuplicateKeyError, type Collections } from '../../../lib/mongo';
import type { ConnectionCreateRequest } from '../schemas/connections';

/** Another organization's connection is "not found". */
export async function findConnection(
  collections: Collections,
  orgId: string,
  connectionId: string,
): Promise<ConnectionDoc> {
  const connection = await collections.connections.findOne({ _id: connectionId, org_id: orgId });
  if (!connection) throw notFound('Connection');
  return connection;
}

export function listConnections(collections: Collections, orgId: string): Promise<ConnectionDoc[]> {
  return collections.connections.find({ org_id: orgId }).sort({ created_at: 1, _id: 1 }).toArray();
}

/** One connection per type and organization; credentials are sealed before they are stored. */
export async function createConnection(
  deps: { collections: Collections; config: Config },
  orgId: string,
  request: z.infer<typeof ConnectionCreateRequest>,
): Promise<ConnectionDoc> {
  const now = new Date();
  const connection: ConnectionDoc = {
    _id: newId('conn'),
    org_id: orgId,
    type: request.type,
    ...sealConnectionConfig(deps.config.SECRETS_ENCRYPTION_KEY, request.type, request.config),
    created_at: now,
    updated_at: now,
  };
  await deps.collections.connections.insertOne(connection).catch((error) => {
    if (isDuplicateKeyError(error))
      throw conflict(`The organization already has a ${request.type} connection; delete it first`);
    throw error;
  });
  return connection;
}

/** Returns the deleted connection. */
export async function deleteConnection(
  collections: Collections,
  orgId: string,
  connectionId: string,
): Promise<ConnectionDoc> {
  const connection = await findConnection(collections, orgId, connectionId);
  await collections.connections.deleteOne({ _id: connection._id, org_id: orgId });
  return connection;
}
