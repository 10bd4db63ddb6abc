import type { Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { searchAttributes } from '../../lib/temporal';

/**
 * The time-skipping server starts without our custom search attributes (the dev server gets them
 * on its command line), so workflow tests register them before starting workflows.
 */
export async function registerSearchAttributes(connection: Connection, namespace = 'default'): Promise<void> {
  const keyword = temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD;
  await connection.operatorService.addSearchAttributes({
    namespace,
    searchAttributes: Object.fromEntries(Object.values(searchAttributes).map((key) => [key.name, keyword])),
  });
}

/** Keeps the SDK's own worker logs out of test output unless they are errors. */
export const quietLogger = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: (message: string) => process.stderr.write(`${message}\n`),
};
