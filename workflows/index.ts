export { processCall } from './processCall';
export { ingestBatch } from './ingestBatch';
