import type { z } from 'zod';
import type { ConnectionDoc } from '../../../lib/documents';
import type { ConnectionView } from '../schemas/connections';

export function connectionView(connection: ConnectionDoc): z.infer<typeof ConnectionView> {
  return {
    id: connection._id,
    type: connection.type,
    config: connection.public_config,
    created_at: connection.created_at.toISOString(),
    updated_at: connection.updated_at.toISOString(),
  };
}
