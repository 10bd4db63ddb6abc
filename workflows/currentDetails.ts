import { setCurrentDetails } from '@temporalio/workflow';
import type { CallStatus, StageName, StageStatus } from '../lib/documents';
import type { StatusWrites } from './statusWrites';

/**
 * The call's status writes, also shown as the workflow's "Current details" in the Temporal UI:
 * the call's status, each stage as it stands, and a failure's reason, so ops see where a call is
 * (or why it failed) without reading its history. Details are workflow state, not history:
 * replays are unaffected.
 */
export function withCurrentDetails(writes: StatusWrites): StatusWrites {
  let status: { value: CallStatus; reason?: string } = { value: 'queued' };
  const stages: [StageName, { status: StageStatus; reason?: string }][] = [];
  const show = () => {
    const lines = [
      status.reason ? `**${status.value}**: ${status.reason}` : `**${status.value}**`,
      ...stages.map(
        ([stage, state]) => `- ${stage}: ${state.status}${state.reason ? ` (${state.reason.slice(0, 300)})` : ''}`,
      ),
    ];
    setCurrentDetails(lines.join('\n'));
  };
  return {
    async setCallStatus(input) {
      status = { value: input.status, reason: input.reason };
      show();
      return writes.setCallStatus(input);
    },
    async setCallStage(input) {
      const known = stages.find(([stage]) => stage === input.stage);
      const state = { status: input.status, reason: input.reason };
      if (known) known[1] = state;
      else stages.push([input.stage, state]);
      show();
      return writes.setCallStage(input);
    },
  };
}
