import type { DayAgentTotals } from './documents';
import { isDuplicateKeyError, onOrAfter, type Collections } from './mongo';
import { dayInOffset } from './time';

/**
 * Per organization and UTC day, the call counts and durations of each agent, so team metrics over
 * a month read about thirty small documents instead of every call of the month (at 100,000 calls a
 * month is some 8,000 calls; on the embedded server that alone took over a second).
 *
 * Kept lazily and never trusted blindly: every change to a day's calls (a call stored or removed,
 * its duration measured) bumps the day's `generation` after the change; a reader uses the totals
 * only when `computed_generation` equals it, and otherwise adds the day up from its calls and
 * stores the result for that generation, unless a later bump came first. A day nobody has read yet
 * has no document, or an uncomputed one.
 */
const DAY_MS = 86_400_000;

const totalsId = (orgId: string, day: string) => `${orgId}:${day}`;

/** Call after the change is written: the day's totals are stale from here on. */
export async function callDaysChanged(collections: Collections, orgId: string, days: Iterable<string>): Promise<void> {
  const unique = [...new Set(days)];
  if (unique.length === 0) return;
  await collections.callDayTotals.bulkWrite(
    unique.map((day) => ({
      updateOne: {
        filter: { _id: totalsId(orgId, day), org_id: orgId },
        update: { $inc: { generation: 1 }, $setOnInsert: { day, agents: [] } },
        upsert: true,
      },
    })),
    { ordered: false },
  );
}

/** The calls of [from, to) added up by agent, from the calls themselves. */
export async function addUpCalls(
  collections: Collections,
  orgId: string,
  from: Date,
  to: Date,
  agentEmail?: string,
): Promise<DayAgentTotals[]> {
  const match: Record<string, unknown> = { org_id: orgId, recorded_at: { ...onOrAfter(from), $lt: to } };
  if (agentEmail) match.agent_email = agentEmail;
  // A call counts towards durations once its length is known (null until transcription measured it).
  const hasDuration = { $gte: ['$duration_seconds', 0] };
  const rows = await collections.calls
    .aggregate<{ _id: string } & Omit<DayAgentTotals, 'agent_email'>>([
      { $match: match },
      {
        $group: {
          _id: '$agent_email',
          calls: { $sum: 1 },
          inbound: { $sum: { $cond: [{ $eq: ['$direction', 'inbound'] }, 1, 0] } },
          outbound: { $sum: { $cond: [{ $eq: ['$direction', 'outbound'] }, 1, 0] } },
          duration: { $sum: { $cond: [hasDuration, '$duration_seconds', 0] } },
          with_duration: { $sum: { $cond: [hasDuration, 1, 0] } },
        },
      },
    ])
    .toArray();
  return rows.map(({ _id, ...totals }) => ({ agent_email: _id, ...totals }));
}

/**
 * Every agent's totals for each UTC day of [from, to), the day keyed `YYYY-MM-DD`. Whole days come
 * from the kept totals (recomputed when stale); the partial days at either end from the calls.
 */
export async function dailyAgentTotals(
  collections: Collections,
  orgId: string,
  from: Date,
  to: Date,
  agentEmail?: string,
): Promise<Map<string, DayAgentTotals[]>> {
  const byDay = new Map<string, DayAgentTotals[]>();
  const firstWhole = new Date(Math.ceil(from.getTime() / DAY_MS) * DAY_MS);
  const endWhole = new Date(Math.floor(to.getTime() / DAY_MS) * DAY_MS);
  const onlyAgent = (rows: DayAgentTotals[]) =>
    agentEmail ? rows.filter((row) => row.agent_email === agentEmail) : rows;
  if (firstWhole >= endWhole) {
    // Within one day, or across one midnight with no whole day: add the calls up.
    for (const [start, end] of splitAtMidnights(from, to))
      byDay.set(dayInOffset(start, 0), await addUpCalls(collections, orgId, start, end, agentEmail));
    return byDay;
  }
  if (from < firstWhole)
    byDay.set(dayInOffset(from, 0), await addUpCalls(collections, orgId, from, firstWhole, agentEmail));
  const kept = await collections.callDayTotals
    .find({ org_id: orgId, day: { $gte: dayInOffset(firstWhole, 0), $lt: dayInOffset(endWhole, 0) } })
    .toArray();
  const keptByDay = new Map(kept.map((doc) => [doc.day, doc]));
  for (let at = firstWhole.getTime(); at < endWhole.getTime(); at += DAY_MS) {
    const day = dayInOffset(new Date(at), 0);
    const doc = keptByDay.get(day);
    if (doc && doc.computed_generation === doc.generation) {
      byDay.set(day, onlyAgent(doc.agents));
      continue;
    }
    const agents = await recomputeDay(collections, orgId, day, doc?.generation ?? 0);
    byDay.set(day, onlyAgent(agents));
  }
  if (endWhole < to)
    byDay.set(dayInOffset(endWhole, 0), await addUpCalls(collections, orgId, endWhole, to, agentEmail));
  return byDay;
}

/** Adds the day up from its calls and keeps the result for `generation`, unless it moved on. */
async function recomputeDay(
  collections: Collections,
  orgId: string,
  day: string,
  generation: number,
): Promise<DayAgentTotals[]> {
  const start = new Date(`${day}T00:00:00.000Z`);
  const agents = await addUpCalls(collections, orgId, start, new Date(start.getTime() + DAY_MS));
  try {
    await collections.callDayTotals.updateOne(
      { _id: totalsId(orgId, day), org_id: orgId, generation },
      { $set: { day, agents, computed_generation: generation } },
      { upsert: generation === 0 },
    );
  } catch (error) {
    // A change bumped the day (creating its document) while it was being added up: keep nothing.
    if (!isDuplicateKeyError(error)) throw error;
  }
  return agents;
}

function splitAtMidnights(from: Date, to: Date): [Date, Date][] {
  const parts: [Date, Date][] = [];
  let start = from;
  while (start < to) {
    const midnight = new Date((Math.floor(start.getTime() / DAY_MS) + 1) * DAY_MS);
    const end = midnight < to ? midnight : to;
    parts.push([start, end]);
    start = end;
  }
  return parts;
}
