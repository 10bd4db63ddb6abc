import type { Client } from '@temporalio/client';
import type { Db } from 'mongodb';
import type { Config } from '../lib/config';
import type { Collections } from '../lib/mongo';
import { createActionActivities } from './actions';
import { createBatchActivities } from './batches';
import { createCallStoreActivities } from './calls';
import { createContactActivities } from './contacts';
import { createEventActivities } from './events';
import { createExtractionActivities } from './extraction';
import { createMismoActivities } from './mismo';
import { createRecordingActivities } from './recordings';
import { createPolicyReapplyActivities, createRedactionActivities } from './redaction';
import { createAudioRedactionActivities } from './audioRedaction';
import { createErasureActivities } from './erasure';
import { createRetentionActivities } from './retention';
import { createReprocessActivities } from './reprocess';
import { createScorecardActivities } from './scorecard';
import { createSearchActivities } from './search';
import { searchUrl } from '../lib/config';
import { createSearchClient, type SearchClient } from '../lib/search/client';
import { createSummaryActivities } from './summary';
import { createSyncActivities } from './sync';
import { createTranscriptionActivities } from './transcription';
import { createWebhookActivities } from './webhooks';
import { createLanguageEngine } from './language/createLanguageEngine';
import type { LanguageEngine } from './language/engine';
import { createSpeechToText, type SpeechToText } from './providers/speechToText';

/**
 * Everything an activity may need, passed one way: each module's factory takes a `Pick` of these,
 * and the three queue factories below hand them over. Engines default to what the configuration names.
 */
export interface ActivityDeps {
  db: Db;
  collections: Collections;
  config: Config;
  /** Events start their webhook deliveries through it. */
  temporal: Client;
  /** The language engine; by default the one LANGUAGE_PROVIDER names. */
  language?: LanguageEngine;
  /** The speech-to-text server; by default the one STT_BASE_URL (or the embedded server) names. */
  speechToText?: SpeechToText;
  /** The search engine; by default the one SEARCH_URL (or the embedded server) names. */
  search?: SearchClient;
}

/** Activities of the `call-processing` queue; workflows proxy them by this factory's return type. */
export function createCallProcessingActivities(baseDeps: ActivityDeps) {
  const deps = {
    ...baseDeps,
    language: baseDeps.language ?? createLanguageEngine(baseDeps.config),
    search:
      baseDeps.search ?? createSearchClient(searchUrl(baseDeps.config), baseDeps.config.SEARCH_TIMEOUT_SECONDS * 1000),
  };
  return {
    ...createCallStoreActivities(deps),
    ...createRecordingActivities(deps),
    ...createRedactionActivities(deps),
    ...createPolicyReapplyActivities(deps),
    ...createErasureActivities(deps),
    ...createRetentionActivities(deps),
    ...createReprocessActivities(deps),
    ...createBatchActivities(deps),
    ...createContactActivities(deps),
    ...createEventActivities(deps),
    ...createSummaryActivities(deps),
    ...createScorecardActivities(deps),
    ...createExtractionActivities(deps),
    ...createActionActivities(deps),
    ...createMismoActivities(deps),
    ...createSyncActivities(deps),
    ...createSearchActivities(deps),
  };
}

/** Activities of the `transcription` queue. */
export function createTranscriptionQueueActivities(baseDeps: ActivityDeps) {
  return {
    ...createTranscriptionActivities({
      ...baseDeps,
      speechToText: baseDeps.speechToText ?? createSpeechToText(baseDeps.config),
    }),
    ...createAudioRedactionActivities(baseDeps),
  };
}

export type TranscriptionQueueActivities = ReturnType<typeof createTranscriptionQueueActivities>;

/** Activities of the `webhooks` queue. */
export function createWebhookQueueActivities(deps: ActivityDeps) {
  return createWebhookActivities(deps);
}

export type CallProcessingActivities = ReturnType<typeof createCallProcessingActivities>;
