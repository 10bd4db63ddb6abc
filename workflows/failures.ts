import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';

/** The message an API client sees: the activity's own error, not Temporal's wrapper. */
export function describeFailure(error: unknown): string {
  if (error instanceof ActivityFailure && error.cause instanceof ApplicationFailure) return error.cause.message;
  if (error instanceof ActivityFailure && error.cause) return error.cause.message;
  return error instanceof Error ? error.message : String(error);
}
