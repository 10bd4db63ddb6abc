import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logger';
import type { Database } from '../../lib/mongo';
import type { TemporalHandle } from '../../lib/temporalClient';

export interface RestDeps {
  config: Config;
  database: Database;
  temporal: TemporalHandle;
  logger: Logger;
  /** `{base_url}`: the public address of this API including `/api/v1`. */
  baseUrl: string;
}
