import { z } from 'zod';
import { DEFAULT_SCORECARD_TEMPLATE } from '../../../lib/scorecardTemplates';
import { envelope } from '../schemas/responses';
import {
  ScorecardTemplateCreateRequest,
  ScorecardTemplateUpdateRequest,
  ScorecardTemplateView,
} from '../schemas/settings';
import type { RestDeps } from '../deps';
import { defineRoute, type RouteDefinition } from '../routing';
import {
  createScorecardTemplate,
  findOwnScorecardTemplate,
  hasOwnDefaultTemplate,
  listOwnScorecardTemplates,
  updateScorecardTemplate,
} from '../services/scorecardTemplates';
import { builtInTemplateView, scorecardTemplateView } from '../views/scorecardTemplates';

const TemplateParams = z.object({ templateId: z.string().min(1).max(64) });

/** QA scorecard templates: the built-in default, and the organization's own (phrases per criterion). */
export function scorecardTemplateRoutes(deps: RestDeps): RouteDefinition[] {
  const { collections } = deps.database;
  return [
    defineRoute({
      method: 'get',
      path: '/scorecard-templates',
      operationId: 'listScorecardTemplates',
      summary: 'List scorecard templates; `is_default` marks the one new calls are scored with',
      tag: 'Scorecards',
      permission: 'calls:read',
      success: { status: 200, description: 'Templates', schema: envelope(z.array(ScorecardTemplateView)) },
      errors: [403],
      async handler(ctx, { auth }) {
        const own = await listOwnScorecardTemplates(collections, auth.orgId);
        ctx.body = {
          success: true,
          data: [builtInTemplateView(own.some((template) => template.is_default)), ...own.map(scorecardTemplateView)],
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/scorecard-templates',
      operationId: 'createScorecardTemplate',
      summary: 'Create a scorecard template',
      description:
        'Each criterion has an `id`, `label`, `weight`, `type` (`pass_fail`, or `scale` from 0 to `max_score`), the `speaker` who must say it, and `phrases` (plain words; a pass_fail criterion passes when any is said, a scale one scores a point per phrase said). With `is_default: true` it scores every new call.',
      tag: 'Scorecards',
      permission: 'settings:manage',
      body: ScorecardTemplateCreateRequest,
      success: { status: 201, description: 'The template', schema: envelope(ScorecardTemplateView) },
      errors: [400, 403, 413, 415],
      async handler(ctx, { auth, body }) {
        const template = await createScorecardTemplate(collections, auth.orgId, body);
        ctx.status = 201;
        ctx.body = { success: true, data: scorecardTemplateView(template) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/scorecard-templates/{templateId}',
      operationId: 'getScorecardTemplate',
      summary: 'One scorecard template (`default_sales_lending` for the built-in one)',
      tag: 'Scorecards',
      permission: 'calls:read',
      params: TemplateParams,
      success: { status: 200, description: 'The template', schema: envelope(ScorecardTemplateView) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        if (params.templateId === DEFAULT_SCORECARD_TEMPLATE.id) {
          ctx.body = { success: true, data: builtInTemplateView(await hasOwnDefaultTemplate(collections, auth.orgId)) };
          return;
        }
        const template = await findOwnScorecardTemplate(collections, auth.orgId, params.templateId);
        ctx.body = { success: true, data: scorecardTemplateView(template) };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/scorecard-templates/{templateId}',
      operationId: 'updateScorecardTemplate',
      summary: 'Change a scorecard template (calls scored from now on use the new version)',
      tag: 'Scorecards',
      permission: 'settings:manage',
      params: TemplateParams,
      body: ScorecardTemplateUpdateRequest,
      success: { status: 200, description: 'The template', schema: envelope(ScorecardTemplateView) },
      errors: [400, 403, 404, 413, 415],
      async handler(ctx, { auth, params, body }) {
        const template = await updateScorecardTemplate(collections, auth.orgId, params.templateId, body);
        ctx.body = { success: true, data: scorecardTemplateView(template) };
      },
    }),
  ];
}
