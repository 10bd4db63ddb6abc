export { processCall } from './processCall';
export { ingestBatch } from './ingestBatch';
export { deliverWebhook } from './deliverWebhook';
export { syncCall } from './syncStages';
export { checkConnection } from './checkConnection';
export { applyPrivacyPolicy, eraseData, enforceRetention } from './privacy';
export { reprocessCalls } from './reprocess';
export { rebuildSearchIndex, syncSearchIndex } from './search';
