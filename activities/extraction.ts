import type { DatasetDoc, DatasetField, ExtractionResult } from '../lib/documents';
import { PII_MARKERS, type PiiType } from '../lib/pii/detection';
import { privacyPolicyOf } from '../lib/pii/policy';
import { redactValue } from '../lib/pii/redaction';
import { dataExtractedData } from '../lib/eventData';
import { recordEvent, type EventLogDeps } from '../lib/eventLog';
import { loadCallText } from './callTranscript';
import { MORTGAGE_LEAD_DATASET, type DatasetDefinition } from '../lib/datasets';
import { runLanguage } from './languageCall';
import type { LanguageEngine } from './language/engine';

/** The datasets a call runs: the organization's enabled ones, and `mortgage_lead` for lending calls. */
export function datasetsForCall(orgDatasets: DatasetDoc[], lending: boolean): DatasetDefinition[] {
  const applicable = (dataset: DatasetDefinition) => dataset.applies_to === 'all_calls' || lending;
  return [MORTGAGE_LEAD_DATASET, ...orgDatasets.filter((dataset) => dataset.enabled)].filter(applicable);
}

/** A field's type that holds one of the personal-data types a policy can redact. */
const FIELD_PII_TYPES: Partial<Record<DatasetField['type'], PiiType>> = {
  phone: 'phone',
  email: 'email',
  address: 'street_address',
};

/**
 * The policy applied to extracted values: a field whose type the policy redacts (a phone field
 * when phones are redacted) holds the marker, and values found in the call's facts rather than
 * its redacted text (the dialer's contact phone) are redacted like any written value.
 */
export function redactExtraction(
  result: ExtractionResult,
  dataset: Pick<DatasetDefinition, 'fields'>,
  types: ReadonlySet<PiiType>,
): ExtractionResult {
  if (types.size === 0) return result;
  const data = redactValue(result.data, types);
  for (const field of dataset.fields) {
    const type = FIELD_PII_TYPES[field.type];
    if (type && types.has(type) && data[field.name] !== null && data[field.name] !== undefined) {
      data[field.name] = PII_MARKERS[type];
    }
  }
  return { ...result, data };
}

/** Custom data extraction: every applicable dataset's JSON with evidence, stored by call id. */
export function createExtractionActivities(deps: EventLogDeps & { language: LanguageEngine }) {
  const { collections } = deps;
  return {
    async extractCallData(input: {
      orgId: string;
      callId: string;
    }): Promise<{ datasets: string[]; isLendingCall: boolean }> {
      const { call, text } = await loadCallText(collections, input);
      const { lending, reasons } = await runLanguage(() => deps.language.classifyLending(text));
      const [orgDatasets, organization] = await Promise.all([
        collections.datasets.find({ org_id: input.orgId }).sort({ created_at: 1 }).toArray(),
        collections.organizations.findOne({ _id: input.orgId }, { projection: { privacy_policy: 1 } }),
      ]);
      const redactTypes = new Set(privacyPolicyOf(organization).redact_types);
      const extractions: ExtractionResult[] = [];
      const applied = datasetsForCall(orgDatasets, lending);
      // One dataset after another: a hosted model gets one question at a time.
      for (const dataset of applied) {
        const extracted = await runLanguage(() => deps.language.extract(dataset, text));
        extractions.push(redactExtraction(extracted, dataset, redactTypes));
      }
      await collections.extractions.replaceOne(
        { _id: call._id, org_id: input.orgId },
        {
          org_id: input.orgId,
          call_id: call._id,
          is_lending_call: lending,
          lending_reasons: reasons,
          results: extractions,
          produced_by: {
            engine: deps.language.name,
            versions: Object.fromEntries(
              applied.map((dataset) => [
                dataset.key,
                'updated_at' in dataset && dataset.updated_at instanceof Date
                  ? dataset.updated_at.toISOString()
                  : 'built-in',
              ]),
            ),
            at: new Date(),
          },
          created_at: new Date(),
        },
        { upsert: true },
      );
      if (extractions.length > 0) {
        await recordEvent(deps, {
          orgId: input.orgId,
          type: 'call.data.extracted',
          subjectId: call._id,
          data: dataExtractedData(call, lending, extractions),
          // Re-processing sends it again only when a value changed.
          againWhenChanged: true,
        });
      }
      return { datasets: extractions.map((extraction) => extraction.dataset), isLendingCall: lending };
    },
  };
}
