import { z } from 'zod';
import { badRequest } from '../../../lib/errors';
import { EmailFilter, IsoDateTime } from '../../../lib/schemas/common';
import { envelope } from '../schemas/responses';
import type { RestDeps } from '../deps';
import { defineRoute, type RouteDefinition } from '../routing';
import { teamMetrics } from '../services/analytics';

/** The longest period one request may cover, so one call cannot scan years of data. */
export const MAX_ANALYTICS_DAYS = 366;
const DEFAULT_PERIOD_DAYS = 30;

const TeamMetricsQuery = z
  .object({
    from: IsoDateTime.optional().describe(`period start (inclusive); default: ${DEFAULT_PERIOD_DAYS} days before "to"`),
    to: IsoDateTime.optional().describe('period end (exclusive); default: now'),
    agent_email: EmailFilter.optional(),
    group_by: z.enum(['agent', 'day']).default('agent').describe('day = UTC calendar day of recorded_at'),
  })
  .strict();

const Metrics = z.object({
  calls: z.number().int(),
  inbound: z.number().int(),
  outbound: z.number().int(),
  total_duration_seconds: z.number(),
  average_duration_seconds: z.number().nullable(),
  speed_to_lead: z.object({
    leads: z.number().int(),
    median_seconds: z.number().nullable(),
    p90_seconds: z.number().nullable(),
  }),
});

const TeamMetrics = z.object({
  from: z.string(),
  to: z.string(),
  group_by: z.enum(['agent', 'day']),
  team: Metrics,
  groups: z.array(Metrics.extend({ key: z.string().describe('agent e-mail or YYYY-MM-DD') })),
});

export function analyticsRoutes(deps: RestDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/analytics/team-metrics',
      operationId: 'getTeamMetrics',
      summary: 'Call volume, direction, duration and speed-to-lead, per agent or day and for the team',
      tag: 'Analytics',
      permission: 'analytics:read',
      query: TeamMetricsQuery,
      success: { status: 200, description: 'Team metrics', schema: envelope(TeamMetrics) },
      errors: [400, 403],
      async handler(ctx, { auth, query }) {
        const to = query.to ? new Date(query.to) : new Date();
        const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_PERIOD_DAYS * 86_400_000);
        if (from >= to) throw badRequest('from must be before to', [{ path: 'from', message: 'must be before to' }]);
        if (to.getTime() - from.getTime() > MAX_ANALYTICS_DAYS * 86_400_000) {
          throw badRequest(`The period is longer than ${MAX_ANALYTICS_DAYS} days`, [
            { path: 'from', message: `at most ${MAX_ANALYTICS_DAYS} days before to` },
          ]);
        }
        const data = await teamMetrics(deps.database.collections, auth.orgId, {
          from,
          to,
          agentEmail: query.agent_email?.toLowerCase(),
          groupBy: query.group_by,
        });
        ctx.body = { success: true, data };
      },
    }),
  ];
}
