import type { LeadResponse } from '../../../lib/documents';
import { LEAD_HISTORY_PROJECTION, leadResponseOf, type LeadHistoryCall } from '../../../lib/leadResponse';
import { dailyAgentTotals } from '../../../lib/callDayTotals';
import { onOrAfter, type Collections } from '../../../lib/mongo';

/*
 * Team metrics: the period's calls by agent or by UTC day, from the per-day totals kept for each
 * agent (lib/callDayTotals.ts); speed-to-lead from the value each contact keeps
 * (lib/leadResponse.ts).
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
  const groups = new Map<string, Accumulator>();
  const group = (key: string) => {
    if (!groups.has(key)) groups.set(key, emptyAccumulator());
    return groups.get(key)!;
  };
  const daily = await dailyAgentTotals(collections, orgId, query.from, query.to, query.agentEmail);
  for (const [day, agents] of daily) {
    for (const totals of agents) {
      const accumulator = group(query.groupBy === 'agent' ? totals.agent_email : day);
      accumulator.calls += totals.calls;
      accumulator.inbound += totals.inbound;
      accumulator.outbound += totals.outbound;
      accumulator.duration += totals.duration;
      accumulator.withDuration += totals.with_duration;
    }
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

/**
 * Speed-to-lead per contact answered in the period: from its lead time to its first outbound call
 * at or after it (lib/leadResponse.ts), counted for the group (agent or day) of that call, when
 * the call falls in the period (and belongs to the agent filtered on). Read from the value each
 * contact keeps; an organization whose contacts predate it (until the worker's backfill is done)
 * has it worked out from the histories, the same rule on the same calls.
 */
async function speedsToLead(collections: Collections, orgId: string, query: TeamMetricsQuery) {
  const organization = await collections.organizations.findOne(
    { _id: orgId },
    { projection: { lead_responses_complete: 1 } },
  );
  const responses = organization?.lead_responses_complete
    ? await keptLeadResponses(collections, orgId, query)
    : await leadResponsesFromHistories(collections, orgId, query);
  return responses
    .filter((response) => !query.agentEmail || response.agent_email === query.agentEmail)
    .map((response) => ({
      key: query.groupBy === 'agent' ? response.agent_email : response.recorded_day,
      seconds: response.seconds,
    }));
}

async function keptLeadResponses(collections: Collections, orgId: string, query: TeamMetricsQuery) {
  const contacts = await collections.contacts
    .find(
      { org_id: orgId, 'lead_response.responded_at': { ...onOrAfter(query.from), $lt: query.to } },
      { projection: { lead_response: 1 } },
    )
    .toArray();
  return contacts.flatMap((contact) => (contact.lead_response ? [contact.lead_response] : []));
}

/** Ids per `$in` query: the embedded server checks each document against the whole list. */
const ID_CHUNK = 200;

async function leadResponsesFromHistories(
  collections: Collections,
  orgId: string,
  query: TeamMetricsQuery,
): Promise<LeadResponse[]> {
  const outboundMatch: Record<string, unknown> = {
    org_id: orgId,
    direction: 'outbound',
    recorded_at: { ...onOrAfter(query.from), $lt: query.to },
  };
  if (query.agentEmail) outboundMatch.agent_email = query.agentEmail;
  const candidates = await collections.calls
    .aggregate<{ _id: string | null }>([{ $match: outboundMatch }, { $group: { _id: '$contact_id' } }])
    .toArray();
  const contactIds = candidates.flatMap((row) => (row._id ? [row._id] : []));
  const responses: LeadResponse[] = [];
  for (let next = 0; next < contactIds.length; next += ID_CHUNK) {
    const chunk = contactIds.slice(next, next + ID_CHUNK);
    const [contacts, calls] = await Promise.all([
      // `_id` first: a server that plans clause by clause looks the ids up rather than the organization.
      collections.contacts
        .find({ _id: { $in: chunk }, org_id: orgId }, { projection: { lead_created_at: 1 } })
        .toArray(),
      collections.calls
        .find<LeadHistoryCall & { contact_id: string }>(
          { org_id: orgId, contact_id: { $in: chunk } },
          { projection: { ...LEAD_HISTORY_PROJECTION, contact_id: 1 } },
        )
        .sort({ recorded_at: 1, _id: 1 })
        .toArray(),
    ]);
    const leadFromContact = new Map(contacts.map((contact) => [contact._id, contact.lead_created_at]));
    const historyOf = new Map<string, LeadHistoryCall[]>();
    for (const call of calls) {
      const history = historyOf.get(call.contact_id) ?? [];
      history.push(call);
      historyOf.set(call.contact_id, history);
    }
    for (const contactId of chunk) {
      const response = leadResponseOf(leadFromContact.get(contactId) ?? null, historyOf.get(contactId) ?? []);
      if (response && response.responded_at >= query.from && response.responded_at < query.to) responses.push(response);
    }
  }
  return responses;
}
