import type { SearchAttributePair } from '@temporalio/common';
import { searchAttributes } from '../lib/temporal';
import type { BatchCallRef } from './types';

/** The search attributes a call workflow starts with; `CallStatus` is upserted as it changes. */
export function callSearchAttributes(orgId: string, call: BatchCallRef, batchId: string | null): SearchAttributePair[] {
  const pairs: SearchAttributePair[] = [
    { key: searchAttributes.OrgId, value: orgId },
    { key: searchAttributes.CallId, value: call.callId },
    { key: searchAttributes.AgentEmail, value: call.agentEmail },
    { key: searchAttributes.CallStatus, value: 'queued' },
  ];
  if (batchId) pairs.push({ key: searchAttributes.BatchId, value: batchId });
  if (call.externalId) pairs.push({ key: searchAttributes.ExternalId, value: call.externalId });
  return pairs;
}
