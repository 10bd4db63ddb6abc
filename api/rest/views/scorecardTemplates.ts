import type { z } from 'zod';
import type { ScorecardTemplateDoc } from '../../../lib/documents';
import { DEFAULT_SCORECARD_TEMPLATE } from '../../../lib/scorecardTemplates';
import type { ScorecardTemplateView } from '../schemas/settings';

export function scorecardTemplateView(template: ScorecardTemplateDoc): z.infer<typeof ScorecardTemplateView> {
  return {
    id: template._id,
    name: template.name,
    is_default: template.is_default,
    built_in: false,
    criteria: template.criteria.map((criterion) => ({
      ...criterion,
      speaker: criterion.speaker === 'unknown' ? 'any' : criterion.speaker,
    })),
    created_at: template.created_at.toISOString(),
    updated_at: template.updated_at.toISOString(),
  };
}

/** The built-in template; it is the default while the organization has none of its own. */
export function builtInTemplateView(anyOwnDefault: boolean): z.infer<typeof ScorecardTemplateView> {
  return {
    id: DEFAULT_SCORECARD_TEMPLATE.id,
    name: DEFAULT_SCORECARD_TEMPLATE.name,
    is_default: !anyOwnDefault,
    built_in: true,
    criteria: DEFAULT_SCORECARD_TEMPLATE.criteria.map((criterion) => ({
      id: criterion.id,
      label: criterion.label,
      description: criterion.description,
      weight: criterion.weight,
      type: criterion.type,
      max_score: criterion.maxScore ?? 1,
      speaker: criterion.speaker === 'unknown' ? 'any' : criterion.speaker,
      phrases: [],
      ...(criterion.withinSeconds !== undefined ? { within_seconds: criterion.withinSeconds } : {}),
    })),
    created_at: null,
    updated_at: null,
  };
}
