import type { AuthContext } from '../../api/rest/middleware/auth';
import { ResolvedKeys, type ResolvedKey } from '../../api/rest/middleware/resolvedKeys';

const entry = (orgId: string, resolvedAt: number): ResolvedKey => ({
  auth: { orgId } as AuthContext,
  lastUsedAt: null,
  generation: 1,
  resolvedAt,
});

describe('resolved keys of one API process', () => {
  afterEach(() => jest.useRealTimers());

  test('an entry is forgotten after a minute, bounding a change written straight into the database', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const keys = new ResolvedKeys();
    keys.set('hash', entry('org_a', Date.now()));
    jest.setSystemTime(1_000_000 + ResolvedKeys.MAX_AGE_MS);
    expect(keys.get('hash')?.auth.orgId).toBe('org_a');
    jest.setSystemTime(1_000_000 + ResolvedKeys.MAX_AGE_MS + 1);
    expect(keys.get('hash')).toBeUndefined();
  });

  test('at most MAX_ENTRIES are kept: the longest-kept goes first', () => {
    const keys = new ResolvedKeys();
    const now = Date.now();
    for (let index = 0; index < ResolvedKeys.MAX_ENTRIES; index += 1) keys.set(`hash_${index}`, entry('org', now));
    keys.set('hash_0', entry('org_again', now)); // set again: now the newest
    keys.set('hash_new', entry('org_new', now));
    expect(keys.get('hash_1')).toBeUndefined();
    expect(keys.get('hash_0')?.auth.orgId).toBe('org_again');
    expect(keys.get('hash_new')?.auth.orgId).toBe('org_new');
    expect(keys.get(`hash_${ResolvedKeys.MAX_ENTRIES - 1}`)).toBeDefined();
  });
});
