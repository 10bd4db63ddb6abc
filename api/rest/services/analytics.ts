import { onOrAfter, type Collections } from '../../../lib/mongo';

/**
 * Team metrics: one aggregation groups the period's calls by agent or by day (the stored
 * `recorded_day`, the UTC day of `recorded_at`) with every count and sum at once; speed-to-lead
 * needs each contact's history and is computed here from two indexed reads.
 */
export type GroupBy = 'agent' | 'day';

export interface TeamMetricsQuery {
  from: Date;
  to: Date;
  agentEmail?: string;
  groupBy: GroupBy;
}

export interface Metrics {
  calls: number;
  inbound: number;
  outbound: number;
  total_duration_seconds: number;
  average_duration_seconds: number | null;
  speed_to_lead: { leads: number; median_seconds: number | null; p90_seconds: number | null };
}

interface Accumulator {
  calls: number;
  inbound: number;
  outbound: number;
  duration: number;
  withDuration: number;
  speeds: number[];
}

const emptyAccumulator = (): Accumulator => ({
  calls: 0,
  inbound: 0,
  outbound: 0,
  duration: 0,
  withDuration: 0,
  speeds: [],
});

/** Nearest-rank percentile (p in 0..100) of a non-empty list. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

function finish(accumulator: Accumulator): Metrics {
  const { speeds } = accumulator;
  return {
    calls: accumulator.calls,
    inbound: accumulator.inbound,
    outbound: accumulator.outbound,
    total_duration_seconds: accumulator.duration,
    average_duration_seconds: accumulator.withDuration
      ? Math.round((accumulator.duration / accumulator.withDuration) * 10) / 10
      : null,
    speed_to_lead: {
      leads: speeds.length,
      median_seconds: speeds.length ? percentile(speeds, 50) : null,
      p90_seconds: speeds.length ? percentile(speeds, 90) : null,
    },
  };
}

export async function teamMetrics(collections: Collections, orgId: string, query: TeamMetricsQuery) {
  const groupField = query.groupBy === 'agent' ? '$agent_email' : '$recorded_day';
  const match: Record<string, unknown> = { org_id: orgId, recorded_at: { ...onOrAfter(query.from), $lt: query.to } };
  if (query.agentEmail) match.agent_email = query.agentEmail;
  // A call counts towards durations once its length is known (null until transcription measured it).
  const hasDuration = { $gte: ['$duration_seconds', 0] };
  const rows = await collections.calls
    .aggregate<{
      _id: string;
      calls: number;
      inbound: number;
      outbound: number;
      duration: number;
      withDuration: number;
    }>([
      { $match: match },
      {
        $group: {
          _id: groupField,
          calls: { $sum: 1 },
          inbound: { $sum: { $cond: [{ $eq: ['$direction', 'inbound'] }, 1, 0] } },
          outbound: { $sum: { $cond: [{ $eq: ['$direction', 'outbound'] }, 1, 0] } },
          duration: { $sum: { $cond: [hasDuration, '$duration_seconds', 0] } },
          withDuration: { $sum: { $cond: [hasDuration, 1, 0] } },
        },
      },
    ])
    .toArray();

  const groups = new Map<string, Accumulator>();
  const group = (key: string) => {
    if (!groups.has(key)) groups.set(key, emptyAccumulator());
    return groups.get(key)!;
  };
  for (const { _id: key, calls, inbound, outbound, duration, withDuration } of rows) {
    Object.assign(group(key), { calls, inbound, outbound, duration, withDuration });
  }
  for (const speed of await speedsToLead(collections, orgId, query)) group(speed.key).speeds.push(speed.seconds);

  const team = emptyAccumulator();
  for (const accumulator of groups.values()) {
    team.calls += accumulator.calls;
    team.inbound += accumulator.inbound;
    team.outbound += accumulator.outbound;
    team.duration += accumulator.duration;
    team.withDuration += accumulator.withDuration;
    team.speeds.push(...accumulator.speeds);
  }
  return {
    from: query.from.toISOString(),
    to: query.to.toISOString(),
    group_by: query.groupBy,
    team: finish(team),
    groups: [...groups.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, accumulator]) => ({ key, ...finish(accumulator) })),
  };
}

interface LeadCall {
  contact_id: string;
  direction: 'inbound' | 'outbound' | null;
  recorded_at: Date;
  recorded_day: string;
  agent_email: string;
  metadata?: { lead_created_at?: unknown };
}

/**
 * Speed-to-lead per contact: from its lead time (the contact's `lead_created_at`, else the
 * earliest `metadata.lead_created_at` of its calls, else its first inbound call) to the first
 * outbound call at or after it. Counted for the group (agent or day) of that outbound call, when
 * the call falls in the period (and belongs to the agent filtered on).
 */
async function speedsToLead(collections: Collections, orgId: string, query: TeamMetricsQuery) {
  const outboundMatch: Record<string, unknown> = {
    org_id: orgId,
    direction: 'outbound',
    contact_id: { $ne: null },
    recorded_at: { ...onOrAfter(query.from), $lt: query.to },
  };
  if (query.agentEmail) outboundMatch.agent_email = query.agentEmail;
  const candidates = await collections.calls
    .aggregate<{ _id: string }>([{ $match: outboundMatch }, { $group: { _id: '$contact_id', n: { $sum: 1 } } }])
    .toArray();
  const contactIds = candidates.map((row) => row._id);
  if (contactIds.length === 0) return [];

  const [contacts, calls] = await Promise.all([
    collections.contacts
      .find({ org_id: orgId, _id: { $in: contactIds } }, { projection: { lead_created_at: 1 } })
      .toArray(),
    collections.calls
      .aggregate<LeadCall>([
        { $match: { org_id: orgId, contact_id: { $in: contactIds } } },
        { $sort: { recorded_at: 1, _id: 1 } },
        {
          $project: {
            contact_id: 1,
            direction: 1,
            recorded_at: 1,
            recorded_day: 1,
            agent_email: 1,
            'metadata.lead_created_at': 1,
          },
        },
      ])
      .toArray(),
  ]);
  const leadFromContact = new Map(contacts.map((contact) => [contact._id, contact.lead_created_at]));
  const callsByContact = new Map<string, LeadCall[]>();
  for (const call of calls) callsByContact.set(call.contact_id, [...(callsByContact.get(call.contact_id) ?? []), call]);

  const speeds: { key: string; seconds: number }[] = [];
  for (const contactId of contactIds) {
    const history = callsByContact.get(contactId) ?? [];
    const leadAt = leadTime(leadFromContact.get(contactId) ?? null, history);
    if (!leadAt) continue;
    const firstOutbound = history.find((call) => call.direction === 'outbound' && call.recorded_at >= leadAt);
    if (!firstOutbound || firstOutbound.recorded_at < query.from || firstOutbound.recorded_at >= query.to) continue;
    if (query.agentEmail && firstOutbound.agent_email !== query.agentEmail) continue;
    speeds.push({
      key: query.groupBy === 'agent' ? firstOutbound.agent_email : firstOutbound.recorded_day,
      seconds: Math.round((firstOutbound.recorded_at.getTime() - leadAt.getTime()) / 1000),
    });
  }
  return speeds;
}

function leadTime(fromContact: Date | null, history: LeadCall[]): Date | null {
  if (fromContact) return fromContact;
  const fromMetadata = history
    .map((call) => call.metadata?.lead_created_at)
    .filter((value): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value)))
    .map((value) => new Date(value))
    .sort((a, b) => a.getTime() - b.getTime())[0];
  if (fromMetadata) return fromMetadata;
  return history.find((call) => call.direction === 'inbound')?.recorded_at ?? null;
}
