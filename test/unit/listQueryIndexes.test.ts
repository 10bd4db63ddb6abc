import { CONTACT_LIST_SORT, contactListFilter } from '../../api/rest/services/contacts';
import { callListConditions } from '../../api/rest/services/calls';
import type { AuthContext } from '../../api/rest/middleware/auth';
import { COLLECTIONS } from '../../lib/mongo';
import { windowsFitAnIndex } from '../../lib/newestFirstPage';

/**
 * The list reads bench/reads measures must each be served by an index on MongoDB: equality fields
 * first, then the sort keys in order (the equality-sort-range rule). This static check names the
 * index; callsApi.test.ts runs explain for every GET /calls filter on the server itself, and
 * bench/reads prints each plan.
 */
function servingIndex(collection: keyof typeof COLLECTIONS, equality: string[], sort: Record<string, 1 | -1>) {
  return COLLECTIONS[collection].indexes.find((index) => {
    const keys = Object.entries(index.key as Record<string, number>);
    const leading = keys.slice(0, equality.length).map(([field]) => field);
    if ([...leading].sort().join() !== [...equality].sort().join()) return false;
    const sorted = keys.slice(equality.length, equality.length + Object.keys(sort).length);
    const wanted = Object.entries(sort);
    if (sorted.length !== wanted.length) return false;
    // An index serves a sort read forwards or backwards, so all directions match or all are flipped.
    const same = wanted.every(([field, direction], at) => sorted[at]![0] === field && sorted[at]![1] === direction);
    const flipped = wanted.every(([field, direction], at) => sorted[at]![0] === field && sorted[at]![1] === -direction);
    return same || flipped;
  })?.name;
}

describe('the hot list queries have an index each', () => {
  test('GET /contacts: organization, newest first', () => {
    expect(Object.keys(contactListFilter('org_1', {}))).toEqual(['org_id']);
    expect(servingIndex('contacts', ['org_id'], CONTACT_LIST_SORT)).toBe('org_created');
  });

  test('GET /contacts by phone or e-mail', () => {
    expect(servingIndex('contacts', ['org_id', 'phones'], {})).toBe('org_phone');
    expect(servingIndex('contacts', ['org_id', 'emails'], {})).toBe('org_email');
  });

  test("GET /contacts' call metrics: the page's contact ids within the organization", () => {
    expect(servingIndex('calls', ['org_id', 'contact_id'], {})).toBe('org_contact_newest');
  });

  test('the key lookup before every request, and the rate-limit clean-up of earlier windows', () => {
    expect(servingIndex('apiKeys', ['key_hash'], {})).toBe('key_hash_unique');
    expect(servingIndex('rateLimitWindows', ['key', 'window_start'], {})).toBe('key_window');
  });

  test('a sort the index does not cover is not reported as served', () => {
    expect(servingIndex('contacts', ['org_id'], { updated_at: -1 })).toBeUndefined();
    expect(servingIndex('calls', ['org_id', 'contact_id'], { duration_seconds: 1 })).toBeUndefined();
  });
});

describe('which list reads go in time windows (lib/newestFirstPage.ts)', () => {
  const callIndexes = COLLECTIONS.calls.indexes.map((index) => index.key);
  const contactIndexes = COLLECTIONS.contacts.indexes.map((index) => index.key);
  const auth = (role: AuthContext['role'], userEmail: string): AuthContext => ({
    orgId: 'org_1',
    userId: 'usr_1',
    userEmail,
    role,
    keyId: 'key_1',
    sessionId: null,
    rateLimitPerHour: 1000,
  });
  const agent = auth('agent', 'ana@acme.example');
  const admin = auth('admin', 'boss@acme.example');

  test.each(['agent_email', 'contact_id', 'status', 'direction', 'tag', 'batch_id'] as const)(
    'GET /calls?%s= alone: an index leads with it and then recorded_at',
    (name) => {
      const conditions = callListConditions(admin, { [name]: name === 'agent_email' ? 'x@y.example' : 'x' });
      expect(windowsFitAnIndex(conditions, 'recorded_at', callIndexes)).toBe(true);
    },
  );

  test('GET /calls unfiltered, for an admin and for an agent (own calls only)', () => {
    expect(windowsFitAnIndex(callListConditions(admin, {}), 'recorded_at', callIndexes)).toBe(true);
    expect(windowsFitAnIndex(callListConditions(agent, {}), 'recorded_at', callIndexes)).toBe(true);
  });

  test('one query: an external_id (at most one call), two filters at once, an operator condition', () => {
    expect(windowsFitAnIndex(callListConditions(admin, { external_id: 'e-1' }), 'recorded_at', callIndexes)).toBe(
      false,
    );
    expect(
      windowsFitAnIndex(
        callListConditions(admin, { status: 'failed', direction: 'inbound' }),
        'recorded_at',
        callIndexes,
      ),
    ).toBe(false);
    expect(windowsFitAnIndex(callListConditions(agent, { status: 'failed' }), 'recorded_at', callIndexes)).toBe(false);
    expect(windowsFitAnIndex({ org_id: 'org_1', _id: { $in: [] } }, 'recorded_at', callIndexes)).toBe(false);
  });

  test('GET /contacts: the whole list in windows; a phone, an e-mail or a search as one query', () => {
    expect(windowsFitAnIndex(contactListFilter('org_1', {}), 'created_at', contactIndexes)).toBe(true);
    expect(windowsFitAnIndex(contactListFilter('org_1', { phone: '+14155550100' }), 'created_at', contactIndexes)).toBe(
      false,
    );
    expect(windowsFitAnIndex(contactListFilter('org_1', { q: 'ana' }), 'created_at', contactIndexes)).toBe(false);
  });
});
