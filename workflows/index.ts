export { processCall } from './processCall';
export { ingestBatch } from './ingestBatch';
export { deliverWebhook } from './deliverWebhook';
