import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { CallProcessingActivities } from '../activities';
import { callStatusLocalPolicy, callStorePolicy } from './policies';

/** The patch (processCall, syncCall) after which these writes are local activities. */
export const LOCAL_STATUS_WRITES_PATCH = 'local-status-writes-v1';

/** The two writes that record where a call is: its status and each stage's status. */
export type StatusWrites = Pick<CallProcessingActivities, 'setCallStage' | 'setCallStatus'>;

/** As scheduled activities: how histories recorded before local-status-writes-v1 wrote them. */
export const scheduledStatusWrites: StatusWrites = proxyActivities<CallProcessingActivities>(callStorePolicy);

/**
 * As local activities (Temporal's recommendation for short writes like these): they run in the
 * workflow's own worker and are recorded as markers, so a call's history schedules only the work
 * that matters, and the Temporal UI's activity list shows the stages themselves.
 */
export const localStatusWrites: StatusWrites = proxyLocalActivities<CallProcessingActivities>(callStatusLocalPolicy);
