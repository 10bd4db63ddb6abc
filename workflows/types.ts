/** The workflows' inputs and results live in lib/temporal.ts, beside the typed starts that use them. */
export type { BatchCallRef, IngestBatchInput, ProcessCallInput, ProcessCallResult } from '../lib/temporal';
