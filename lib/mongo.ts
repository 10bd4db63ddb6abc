import { GridFSBucket, MongoClient, type Collection, type Db, type Document, type IndexDescription } from 'mongodb';
import { mongoUri, type Config } from './config';
import { observeMongoPool } from './metrics';
import type {
  ApiKeyDoc,
  AppointmentDoc,
  AuditEventDoc,
  ErasureDoc,
  ReprocessJobDoc,
  BatchDoc,
  CallDoc,
  CallExtractionsDoc,
  ConnectionDoc,
  ContactDoc,
  DatasetDoc,
  EventDoc,
  IdempotencyRecordDoc,
  InvitationDoc,
  SessionDoc,
  OrganizationDoc,
  ScorecardDoc,
  ScorecardTemplateDoc,
  TaskDoc,
  TranscriptDoc,
  UserDoc,
  RateLimitWindowDoc,
  RequestGateDoc,
  CallDayTotalsDoc,
  WebhookDeliveryDoc,
  WebhookEndpointDoc,
} from './documents';

/*
 * The one registry of collections and their indexes, ensured at start-up by every process.
 * What the code needs of the server is stated by test/integration/mongoConformance.test.ts; it
 * uses no transactions, change streams, $lookup or TTL indexes (expiry is a query condition), so
 * a single node serves.
 */
export const COLLECTIONS = {
  organizations: { name: 'organizations', indexes: [] },
  users: {
    name: 'users',
    indexes: [
      { key: { org_id: 1, email: 1 }, name: 'org_email_unique', unique: true },
      // Console sign-in finds a user by e-mail before it knows the organization.
      { key: { email: 1 }, name: 'email' },
    ],
  },
  apiKeys: {
    name: 'api_keys',
    indexes: [
      { key: { key_hash: 1 }, name: 'key_hash_unique', unique: true },
      { key: { org_id: 1, created_at: -1 }, name: 'org_created' },
    ],
  },
  calls: {
    name: 'calls',
    indexes: [
      { key: { org_id: 1, recorded_at: -1, _id: -1 }, name: 'org_recorded' },
      // Ingest is idempotent per organization: `ingest_key` is the external_id when the client
      // gives one and the call id otherwise, so this unique index needs no partial filter.
      { key: { org_id: 1, ingest_key: 1 }, name: 'org_ingest_key_unique', unique: true },
      // Each GET /calls filter field after org_id, then the page order whole (recorded_at, _id),
      // so a page is read in order from the index with no sort stage.
      { key: { org_id: 1, batch_id: 1, recorded_at: -1, _id: -1 }, name: 'org_batch_newest' },
      { key: { org_id: 1, agent_email: 1, recorded_at: -1, _id: -1 }, name: 'org_agent_newest' },
      { key: { org_id: 1, contact_id: 1, recorded_at: -1, _id: -1 }, name: 'org_contact_newest' },
      { key: { org_id: 1, status: 1, recorded_at: -1, _id: -1 }, name: 'org_status_newest' },
      { key: { org_id: 1, direction: 1, recorded_at: -1, _id: -1 }, name: 'org_direction_newest' },
      { key: { org_id: 1, external_id: 1 }, name: 'org_external_id' },
      { key: { org_id: 1, tags: 1, recorded_at: -1, _id: -1 }, name: 'org_tag_newest' },
      // The search sweep's read: an organization's calls the index has not caught up with.
      { key: { org_id: 1, search_stale: 1 }, name: 'org_search_stale' },
    ],
  },
  batches: { name: 'batches', indexes: [{ key: { org_id: 1, created_at: -1 }, name: 'org_created' }] },
  transcripts: { name: 'transcripts', indexes: [] },
  extractions: { name: 'extractions', indexes: [] },
  connections: {
    name: 'connections',
    indexes: [{ key: { org_id: 1, type: 1 }, name: 'org_type_unique', unique: true }],
  },
  scorecards: { name: 'scorecards', indexes: [] },
  tasks: {
    name: 'tasks',
    indexes: [
      { key: { org_id: 1, call_id: 1 }, name: 'org_call' },
      { key: { org_id: 1, contact_id: 1, status: 1 }, name: 'org_contact_status' },
    ],
  },
  appointments: {
    name: 'appointments',
    indexes: [
      { key: { org_id: 1, call_id: 1 }, name: 'org_call' },
      { key: { org_id: 1, contact_id: 1 }, name: 'org_contact' },
    ],
  },
  contacts: {
    name: 'contacts',
    indexes: [
      { key: { org_id: 1, created_at: -1, _id: -1 }, name: 'org_created' },
      { key: { org_id: 1, phones: 1 }, name: 'org_phone' },
      { key: { org_id: 1, emails: 1 }, name: 'org_email' },
      // Team metrics: the contacts first answered in a period (lib/leadResponse.ts).
      { key: { org_id: 1, 'lead_response.responded_at': -1 }, name: 'org_lead_responded' },
    ],
  },
  datasets: {
    name: 'datasets',
    indexes: [{ key: { org_id: 1, key: 1 }, name: 'org_key_unique', unique: true }],
  },
  scorecardTemplates: {
    name: 'scorecard_templates',
    indexes: [{ key: { org_id: 1, created_at: 1 }, name: 'org_created' }],
  },
  webhookEndpoints: {
    name: 'webhook_endpoints',
    indexes: [{ key: { org_id: 1, created_at: 1 }, name: 'org_created' }],
  },
  webhookDeliveries: {
    name: 'webhook_deliveries',
    indexes: [
      { key: { org_id: 1, endpoint_id: 1, created_at: -1, _id: -1 }, name: 'org_endpoint_created' },
      { key: { org_id: 1, event_id: 1 }, name: 'org_event' },
    ],
  },
  events: { name: 'events', indexes: [{ key: { org_id: 1, created_at: -1 }, name: 'org_created' }] },
  idempotencyKeys: { name: 'idempotency_keys', indexes: [{ key: { org_id: 1, created_at: 1 }, name: 'org_created' }] },
  rateLimitWindows: {
    name: 'rate_limit_windows',
    indexes: [{ key: { key: 1, window_start: 1 }, name: 'key_window' }],
  },
  // One document per organization, found by _id only.
  requestGates: { name: 'request_gates', indexes: [] },
  callDayTotals: {
    name: 'call_day_totals',
    indexes: [{ key: { org_id: 1, day: 1 }, name: 'org_day' }],
  },
  invitations: {
    name: 'invitations',
    indexes: [{ key: { org_id: 1, user_id: 1 }, name: 'org_user' }],
  },
  sessions: {
    name: 'sessions',
    indexes: [{ key: { org_id: 1, user_id: 1 }, name: 'org_user' }],
  },
  auditEvents: {
    name: 'audit_events',
    indexes: [
      { key: { org_id: 1, created_at: -1, _id: -1 }, name: 'org_created' },
      { key: { org_id: 1, action: 1, created_at: -1, _id: -1 }, name: 'org_action_created' },
      { key: { org_id: 1, 'target.id': 1, created_at: -1, _id: -1 }, name: 'org_target_created' },
      { key: { org_id: 1, 'actor.id': 1, created_at: -1, _id: -1 }, name: 'org_actor_created' },
    ],
  },
  erasures: {
    name: 'erasures',
    indexes: [
      { key: { org_id: 1, created_at: -1 }, name: 'org_created' },
      { key: { org_id: 1, subject_sha256: 1 }, name: 'org_subject' },
    ],
  },
  reprocessJobs: {
    name: 'reprocess_jobs',
    indexes: [{ key: { org_id: 1, status: 1 }, name: 'org_status' }],
  },
} as const satisfies Record<string, { name: string; indexes: readonly IndexDescription[] }>;

export interface Collections {
  organizations: Collection<OrganizationDoc>;
  users: Collection<UserDoc>;
  apiKeys: Collection<ApiKeyDoc>;
  calls: Collection<CallDoc>;
  batches: Collection<BatchDoc>;
  rateLimitWindows: Collection<RateLimitWindowDoc>;
  requestGates: Collection<RequestGateDoc>;
  callDayTotals: Collection<CallDayTotalsDoc>;
  transcripts: Collection<TranscriptDoc>;
  extractions: Collection<CallExtractionsDoc>;
  connections: Collection<ConnectionDoc>;
  scorecards: Collection<ScorecardDoc>;
  tasks: Collection<TaskDoc>;
  appointments: Collection<AppointmentDoc>;
  contacts: Collection<ContactDoc>;
  idempotencyKeys: Collection<IdempotencyRecordDoc>;
  events: Collection<EventDoc>;
  datasets: Collection<DatasetDoc>;
  scorecardTemplates: Collection<ScorecardTemplateDoc>;
  webhookEndpoints: Collection<WebhookEndpointDoc>;
  webhookDeliveries: Collection<WebhookDeliveryDoc>;
  invitations: Collection<InvitationDoc>;
  sessions: Collection<SessionDoc>;
  auditEvents: Collection<AuditEventDoc>;
  erasures: Collection<ErasureDoc>;
  reprocessJobs: Collection<ReprocessJobDoc>;
}

export interface Database {
  client: MongoClient;
  db: Db;
  collections: Collections;
  close(): Promise<void>;
}

export async function connectDatabase(config: Config): Promise<Database> {
  const client = new MongoClient(mongoUri(config), {
    serverSelectionTimeoutMS: 10_000,
    appName: 'call-intelligence',
  });
  observeMongoPool(client);
  await client.connect();
  const db = client.db(config.MONGODB_DB);
  const collection = <T extends Document>(name: string) => db.collection<T>(name);
  return {
    client,
    db,
    collections: {
      organizations: collection<OrganizationDoc>(COLLECTIONS.organizations.name),
      users: collection<UserDoc>(COLLECTIONS.users.name),
      apiKeys: collection<ApiKeyDoc>(COLLECTIONS.apiKeys.name),
      calls: collection<CallDoc>(COLLECTIONS.calls.name),
      batches: collection<BatchDoc>(COLLECTIONS.batches.name),
      rateLimitWindows: collection<RateLimitWindowDoc>(COLLECTIONS.rateLimitWindows.name),
      requestGates: collection<RequestGateDoc>(COLLECTIONS.requestGates.name),
      callDayTotals: collection<CallDayTotalsDoc>(COLLECTIONS.callDayTotals.name),
      transcripts: collection<TranscriptDoc>(COLLECTIONS.transcripts.name),
      extractions: collection<CallExtractionsDoc>(COLLECTIONS.extractions.name),
      connections: collection<ConnectionDoc>(COLLECTIONS.connections.name),
      scorecards: collection<ScorecardDoc>(COLLECTIONS.scorecards.name),
      tasks: collection<TaskDoc>(COLLECTIONS.tasks.name),
      appointments: collection<AppointmentDoc>(COLLECTIONS.appointments.name),
      contacts: collection<ContactDoc>(COLLECTIONS.contacts.name),
      idempotencyKeys: collection<IdempotencyRecordDoc>(COLLECTIONS.idempotencyKeys.name),
      events: collection<EventDoc>(COLLECTIONS.events.name),
      datasets: collection<DatasetDoc>(COLLECTIONS.datasets.name),
      scorecardTemplates: collection<ScorecardTemplateDoc>(COLLECTIONS.scorecardTemplates.name),
      webhookEndpoints: collection<WebhookEndpointDoc>(COLLECTIONS.webhookEndpoints.name),
      webhookDeliveries: collection<WebhookDeliveryDoc>(COLLECTIONS.webhookDeliveries.name),
      invitations: collection<InvitationDoc>(COLLECTIONS.invitations.name),
      sessions: collection<SessionDoc>(COLLECTIONS.sessions.name),
      auditEvents: collection<AuditEventDoc>(COLLECTIONS.auditEvents.name),
      erasures: collection<ErasureDoc>(COLLECTIONS.erasures.name),
      reprocessJobs: collection<ReprocessJobDoc>(COLLECTIONS.reprocessJobs.name),
    },
    close: () => client.close(),
  };
}

/** Creates every declared index; safe to run on every start (createIndexes is idempotent). */
export async function ensureIndexes(db: Db): Promise<void> {
  for (const { name, indexes } of Object.values(COLLECTIONS)) {
    if (indexes.length === 0) {
      // Creating the collection up front keeps the first write from racing collection creation.
      const exists = (await db.listCollections({ name }, { nameOnly: true }).toArray()).length > 0;
      if (!exists) await db.createCollection(name).catch(ignoreAlreadyExists);
      continue;
    }
    await db.collection(name).createIndexes([...indexes]);
  }
  for (const name of RETIRED_COLLECTIONS) await db.collection(name).drop().catch(ignoreNamespaceNotFound);
  for (const [collection, names] of Object.entries(RETIRED_INDEXES)) {
    for (const name of names) await db.collection(collection).dropIndex(name).catch(ignoreNamespaceNotFound);
  }
}

/** Collections an earlier version kept and this one no longer uses (rate-limit slots: one hour of counts). */
const RETIRED_COLLECTIONS = ['rate_limit_slots'];
/** Indexes an earlier version created that today's (lib/mongo.ts above) replace. */
const RETIRED_INDEXES: Record<string, string[]> = {
  calls: [
    'org_batch_recorded',
    'org_agent_recorded',
    'org_contact_recorded',
    'org_status_recorded',
    'org_direction_recorded',
    'org_tag_recorded',
  ],
};

function ignoreNamespaceNotFound(error: unknown): void {
  const { codeName } = error as { codeName?: string };
  if (codeName !== 'NamespaceNotFound' && codeName !== 'IndexNotFound') throw error;
}

function ignoreAlreadyExists(error: unknown): void {
  if ((error as { codeName?: string }).codeName !== 'NamespaceExists') throw error;
}

/** Readiness probe: a round trip to the server. */
export async function pingDatabase(database: Database): Promise<void> {
  await database.db.command({ ping: 1 });
}

export function isDuplicateKeyError(error: unknown): boolean {
  return (error as { code?: number }).code === 11000;
}

/** GridFS bucket for call recordings; a file's metadata carries `org_id` and `call_id`. */
export const RECORDINGS_BUCKET = 'recordings';

/** GridFS file id of a call's recording: deterministic, so a retried write replaces a partial file. */
export const recordingFileId = (callId: string) => `rec_${callId}`;
/** The silenced copy that replaces a recording under audio redaction, and the sealed original. */
export const redactedRecordingFileId = (callId: string) => `rec_${callId}_redacted`;
export const sealedOriginalRecordingFileId = (callId: string) => `rec_${callId}_original_sealed`;

export function recordingsBucket(db: Db): GridFSBucket {
  return new GridFSBucket(db, { bucketName: RECORDINGS_BUCKET });
}

/** GridFS bucket for generated MISMO 3.4 XML files (`metadata.org_id`, `metadata.call_id`). */
export const MISMO_BUCKET = 'mismo';

export function mismoBucket(db: Db): GridFSBucket {
  return new GridFSBucket(db, { bucketName: MISMO_BUCKET });
}

/**
 * `{ $gte: date }` as `{ $gt: date − 1 ms }`, which is the same set for BSON dates (whole
 * milliseconds). SecantusDB 0.7.0b3 drops the keys equal to an inclusive lower bound on a date that
 * is followed by another field in a compound index (`{ org_id: 1, recorded_at: -1, _id: -1 }` with
 * `recorded_at: { $gte: X }` misses `recorded_at == X`); `$gt` is read right. Every inclusive date
 * lower bound goes through here (test/integration/mongoConformance.test.ts checks it).
 */
export function onOrAfter(date: Date): { $gt: Date } {
  return { $gt: new Date(date.getTime() - 1) };
}
