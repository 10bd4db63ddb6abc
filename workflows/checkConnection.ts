import { proxyActivities } from '@temporalio/workflow';
import type { CallProcessingActivities } from '../activities';

const { checkConnection: check } = proxyActivities<CallProcessingActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { maximumAttempts: 1 },
});

/** `POST …/connections/{id}/test`: one attempt at the service with the stored credentials. */
export async function checkConnection(input: {
  orgId: string;
  connectionId: string;
}): Promise<{ error: string | null }> {
  return check(input);
}
