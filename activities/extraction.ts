import type { DatasetDoc, ExtractionResult } from '../lib/documents';
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
      const orgDatasets = await collections.datasets.find({ org_id: input.orgId }).sort({ created_at: 1 }).toArray();
      const extractions: ExtractionResult[] = [];
      // One dataset after another: a hosted model gets one question at a time.
      for (const dataset of datasetsForCall(orgDatasets, lending)) {
        extractions.push(await runLanguage(() => deps.language.extract(dataset, text)));
      }
      await collections.extractions.replaceOne(
        { _id: call._id, org_id: input.orgId },
        {
          org_id: input.orgId,
          call_id: call._id,
          is_lending_call: lending,
          lending_reasons: reasons,
          results: extractions,
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
        });
      }
      return { datasets: extractions.map((extraction) => extraction.dataset), isLendingCall: lending };
    },
  };
}
