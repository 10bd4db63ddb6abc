import type { z } from 'zod';
import type { DatasetDoc } from '../../../lib/documents';
import { conflict, notFound } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { isDuplicateKeyError, type Collections } from '../../../lib/mongo';
import type { DatasetCreateRequest, DatasetUpdateRequest } from '../schemas/settings';

/** The organization's own extraction datasets (the built-in `mortgage_lead` is not stored). */
export function listOwnDatasets(collections: Collections, orgId: string): Promise<DatasetDoc[]> {
  return collections.datasets.find({ org_id: orgId }).sort({ created_at: 1, _id: 1 }).toArray();
}

/** Another organization's dataset is "not found". */
export async function findOwnDataset(collections: Collections, orgId: string, datasetId: string): Promise<DatasetDoc> {
  const dataset = await collections.datasets.findOne({ _id: datasetId, org_id: orgId });
  if (!dataset) throw notFound('Dataset');
  return dataset;
}

export async function createDataset(
  collections: Collections,
  orgId: string,
  request: z.infer<typeof DatasetCreateRequest>,
): Promise<DatasetDoc> {
  const now = new Date();
  const dataset: DatasetDoc = { _id: newId('ds'), org_id: orgId, ...request, created_at: now, updated_at: now };
  await collections.datasets.insertOne(dataset).catch((error) => {
    if (isDuplicateKeyError(error)) throw conflict(`A dataset with key "${request.key}" exists`);
    throw error;
  });
  return dataset;
}

export async function updateDataset(
  collections: Collections,
  orgId: string,
  datasetId: string,
  changes: z.infer<typeof DatasetUpdateRequest>,
): Promise<DatasetDoc> {
  await findOwnDataset(collections, orgId, datasetId);
  await collections.datasets.updateOne(
    { _id: datasetId, org_id: orgId },
    { $set: { ...changes, updated_at: new Date() } },
  );
  return findOwnDataset(collections, orgId, datasetId);
}

/** Results already stored on calls stay. Returns the deleted dataset. */
export async function deleteDataset(collections: Collections, orgId: string, datasetId: string): Promise<DatasetDoc> {
  const dataset = await findOwnDataset(collections, orgId, datasetId);
  await collections.datasets.deleteOne({ _id: dataset._id, org_id: orgId });
  return dataset;
}
