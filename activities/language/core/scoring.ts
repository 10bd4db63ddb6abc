import type { Evidence, ScorecardCriterionResult } from '../../../lib/documents';
import type { ScorecardCriterion } from '../../../lib/scorecardTemplates';

/** Scorecard arithmetic every engine shares: a criterion's bounds and result, and the weighted total. */
/** The most a criterion can score: 1 for pass/fail, `maxScore` (or one per pattern) for a scale. */
export const maxScoreOf = (criterion: ScorecardCriterion) =>
  criterion.type === 'scale' ? (criterion.maxScore ?? criterion.patterns.length) : 1;

/** A criterion's result from its raw score (capped), with evidence only when it scored. */
export function criterionResult(
  criterion: ScorecardCriterion,
  rawScore: number,
  evidence: Evidence[],
): ScorecardCriterionResult {
  const maxScore = maxScoreOf(criterion);
  const score = Math.max(0, Math.min(maxScore, Math.round(rawScore)));
  return {
    id: criterion.id,
    label: criterion.label,
    type: criterion.type,
    weight: criterion.weight,
    score,
    max_score: maxScore,
    passed: criterion.type === 'scale' ? null : score === 1,
    evidence: score > 0 ? evidence : [],
  };
}

/** Weighted total of scored criteria. */
export function totalOf(criteria: ScorecardCriterionResult[]) {
  const score = criteria.reduce((sum, criterion) => sum + criterion.score * criterion.weight, 0);
  const maxScore = criteria.reduce((sum, criterion) => sum + criterion.max_score * criterion.weight, 0);
  return { score, max_score: maxScore, percentage: maxScore ? Math.round((score / maxScore) * 1000) / 10 : 0 };
}
