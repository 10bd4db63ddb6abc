import type { z } from 'zod';
import type { ScorecardTemplateDoc } from '../../../lib/documents';
import { notFound } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import type { Collections } from '../../../lib/mongo';
import type { ScorecardTemplateCreateRequest, ScorecardTemplateUpdateRequest } from '../schemas/settings';

/** The organization's own QA scorecard templates (the built-in default is not stored). */
export function listOwnScorecardTemplates(collections: Collections, orgId: string): Promise<ScorecardTemplateDoc[]> {
  return collections.scorecardTemplates.find({ org_id: orgId }).sort({ created_at: 1, _id: 1 }).toArray();
}

/** Whether one of the organization's own templates is its default (else the built-in one is). */
export async function hasOwnDefaultTemplate(collections: Collections, orgId: string): Promise<boolean> {
  return (await collections.scorecardTemplates.findOne({ org_id: orgId, is_default: true })) !== null;
}

/** Another organization's template is "not found". */
export async function findOwnScorecardTemplate(
  collections: Collections,
  orgId: string,
  templateId: string,
): Promise<ScorecardTemplateDoc> {
  const template = await collections.scorecardTemplates.findOne({ _id: templateId, org_id: orgId });
  if (!template) throw notFound('Scorecard template');
  return template;
}

/** At most one default per organization: making one the default unsets the others. */
async function makeSoleDefault(collections: Collections, orgId: string, templateId: string): Promise<void> {
  await collections.scorecardTemplates.updateMany(
    { org_id: orgId, is_default: true, _id: { $ne: templateId } },
    { $set: { is_default: false } },
  );
}

export async function createScorecardTemplate(
  collections: Collections,
  orgId: string,
  request: z.infer<typeof ScorecardTemplateCreateRequest>,
): Promise<ScorecardTemplateDoc> {
  const now = new Date();
  const template: ScorecardTemplateDoc = {
    _id: newId('sct'),
    org_id: orgId,
    ...request,
    created_at: now,
    updated_at: now,
  };
  await collections.scorecardTemplates.insertOne(template);
  if (template.is_default) await makeSoleDefault(collections, orgId, template._id);
  return template;
}

export async function updateScorecardTemplate(
  collections: Collections,
  orgId: string,
  templateId: string,
  changes: z.infer<typeof ScorecardTemplateUpdateRequest>,
): Promise<ScorecardTemplateDoc> {
  await findOwnScorecardTemplate(collections, orgId, templateId);
  await collections.scorecardTemplates.updateOne(
    { _id: templateId, org_id: orgId },
    { $set: { ...changes, updated_at: new Date() } },
  );
  if (changes.is_default) await makeSoleDefault(collections, orgId, templateId);
  return findOwnScorecardTemplate(collections, orgId, templateId);
}
