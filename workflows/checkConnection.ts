import { proxyActivities } from '@temporalio/workflow';
import type { CallProcessingActivities } from '../activities';
import { connectionCheckPolicy } from './policies';
import type { CheckConnectionInput, CheckConnectionResult } from '../lib/temporal';

const { checkConnection: check } = proxyActivities<CallProcessingActivities>(connectionCheckPolicy);

/** `POST …/connections/{id}/test`: one attempt at the service with the stored credentials. */
export async function checkConnection(input: CheckConnectionInput): Promise<CheckConnectionResult> {
  return check(input);
}
