import { Client, Connection } from '@temporalio/client';
import { temporalAddress, type Config } from './config';

export interface TemporalHandle {
  client: Client;
  connection: Connection;
  close(): Promise<void>;
}

export async function connectTemporal(config: Config): Promise<TemporalHandle> {
  const connection = await Connection.connect({ address: temporalAddress(config) });
  const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  return { client, connection, close: () => connection.close() };
}

/** Readiness probe: the frontend answers and knows our namespace. */
export async function pingTemporal(handle: TemporalHandle, namespace: string): Promise<void> {
  await handle.connection.workflowService.describeNamespace({ namespace });
}
