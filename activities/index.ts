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
import { createScorecardActivities } from './scorecard';
import { createSummaryActivities } from './summary';
import { createSyncActivities } from './sync';
import { createLanguageEngine } from './language/createLanguageEngine';
import type { LanguageEngine } from './language/engine';

export interface ActivityDeps {
  db: Db;
  collections: Collections;
  config: Config;
  /** Events start their webhook deliveries through it. */
  temporal: Client;
  /** The language engine; by default the one LANGUAGE_PROVIDER names. */
  language?: LanguageEngine;
}

/** Activities of the `call-processing` queue; workflows proxy them by this factory's return type. */
export function createCallProcessingActivities(baseDeps: ActivityDeps) {
  const deps = { ...baseDeps, language: baseDeps.language ?? createLanguageEngine(baseDeps.config) };
  return {
    ...createCallStoreActivities(deps.collections),
    ...createRecordingActivities(deps),
    ...createBatchActivities(deps.collections),
    ...createContactActivities(deps.collections),
    ...createEventActivities(deps),
    ...createSummaryActivities(deps),
    ...createScorecardActivities(deps),
    ...createExtractionActivities(deps),
    ...createActionActivities(deps),
    ...createMismoActivities(deps),
    ...createSyncActivities(deps),
  };
}

export type CallProcessingActivities = ReturnType<typeof createCallProcessingActivities>;
