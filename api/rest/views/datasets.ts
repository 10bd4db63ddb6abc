import type { z } from 'zod';
import { MORTGAGE_LEAD_DATASET } from '../../../lib/datasets';
import type { DatasetDoc } from '../../../lib/documents';
import type { DatasetView } from '../schemas/settings';

export function datasetView(dataset: DatasetDoc): z.infer<typeof DatasetView> {
  return {
    id: dataset._id,
    key: dataset.key,
    name: dataset.name,
    description: dataset.description,
    applies_to: dataset.applies_to,
    enabled: dataset.enabled,
    built_in: false,
    fields: dataset.fields,
    created_at: dataset.created_at.toISOString(),
    updated_at: dataset.updated_at.toISOString(),
  };
}

/** The built-in `mortgage_lead` dataset, shown first in every list. */
export const BUILT_IN_VIEW: z.infer<typeof DatasetView> = {
  id: MORTGAGE_LEAD_DATASET.key,
  ...MORTGAGE_LEAD_DATASET,
  enabled: true,
  built_in: true,
  created_at: null,
  updated_at: null,
};
