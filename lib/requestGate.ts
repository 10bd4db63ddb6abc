import type { Collection } from 'mongodb';
import type { RequestGateDoc } from './documents';
import { GroupCommit } from './groupCommit';
import { isDuplicateKeyError, type Collections } from './mongo';
import { decisionFor, windowStartOf, type RateLimitDecision } from './rateLimit';

/*
 * Every authenticated REST request passes its organization's gate: one document per organization,
 * raised in one atomic command that both counts the request in the organization's hourly window
 * (an exact limit across every API process) and returns the organization's credentials
 * generation. Whatever changes how a key resolves (a key revoked, a user disabled or given another
 * role, the privacy policy the caller carries) raises that generation after writing the change, so
 * an API process may reuse a key's resolution only while the generation it was read under is still
 * the one the gate returns: the request after a revocation is refused, in every process, without
 * reading the key, its user and its organization on every request (docs/architecture.md#mongodb).
 *
 * Requests of one organization that arrive in one API process while its gate command is in flight
 * share the next command (lib/groupCommit.ts), which raises the count by their number.
 */
export interface GatePass {
  /** This request's number in its window, from 1. */
  position: number;
  windowStart: Date;
  credentialsGeneration: number;
}

export type RequestGate = (orgId: string) => Promise<GatePass>;

export function requestGate(gates: Collection<RequestGateDoc>, windowSeconds: number): RequestGate {
  const commit = new GroupCommit((orgId, size) => countRequests(gates, orgId, size, windowSeconds));
  return async (orgId) => {
    const { result, index, size } = await commit.request(orgId);
    return {
      position: result.count - size + 1 + index,
      windowStart: result.window_start,
      credentialsGeneration: result.credentials_generation,
    };
  };
}

/** The rate-limit answer for a request at `pass`, for an organization allowed `limit` a window. */
export function gateDecision(
  pass: GatePass,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): RateLimitDecision {
  return decisionFor(pass.position, limit, pass.windowStart, windowSeconds, now);
}

/**
 * Raises the organization's credentials generation: call it after writing any change to a key,
 * a user or an organization that an authenticated request carries, and before answering.
 */
export async function credentialsChanged(collections: Pick<Collections, 'requestGates'>, orgId: string): Promise<void> {
  const raise = () =>
    collections.requestGates.updateOne(
      { _id: orgId },
      { $inc: { credentials_generation: 1 }, $setOnInsert: { window_start: new Date(0), count: 0 } },
      { upsert: true },
    );
  try {
    await raise();
  } catch (error) {
    // Raced the organization's first request to create its gate: now it exists.
    if (!isDuplicateKeyError(error)) throw error;
    await raise();
  }
}

/**
 * Adds `requests` to the organization's current window, opening a new window when the stored one
 * is older. A window newer than this process's clock (another process a little ahead) is counted
 * into as it is, so clocks that differ by a moment never reset a count.
 *
 * The count goes first, by `_id` alone (SecantusDB's cheapest `findAndModify`: about 0.2 ms less
 * than with a filter on the window, measured), and the window is checked on what it returns: an
 * increment of an ended window is discarded when the window is opened anew.
 */
async function countRequests(
  gates: Collection<RequestGateDoc>,
  orgId: string,
  requests: number,
  windowSeconds: number,
  now = new Date(),
): Promise<RequestGateDoc> {
  const windowStart = windowStartOf(now, windowSeconds);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const counted = await gates.findOneAndUpdate(
      { _id: orgId },
      { $inc: { count: requests } },
      { returnDocument: 'after' },
    );
    if (counted && counted.window_start >= windowStart) return counted;
    if (counted) {
      // Its window has ended: open this one with these requests, unless another process just did.
      const opened = await gates.findOneAndUpdate(
        { _id: orgId, window_start: { $lt: windowStart } },
        { $set: { window_start: windowStart, count: requests } },
        { returnDocument: 'after' },
      );
      if (opened) return opened;
      continue;
    }
    // No gate yet: create it (a racing creator wins harmlessly) and count again.
    await gates
      .insertOne({ _id: orgId, window_start: new Date(0), count: 0, credentials_generation: 0 })
      .catch((error: unknown) => {
        if (!isDuplicateKeyError(error)) throw error;
      });
  }
  throw new Error(`The request gate of organization ${orgId} could not be counted in three attempts`);
}
