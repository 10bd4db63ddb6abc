import { z } from 'zod';
import { envelope } from '../schemas/responses';
import { DatasetCreateRequest, DatasetUpdateRequest, DatasetView } from '../schemas/settings';
import type { RestDeps } from '../deps';
import { defineRoute, type RouteDefinition } from '../routing';
import { createDataset, deleteDataset, findOwnDataset, listOwnDatasets, updateDataset } from '../services/datasets';
import { BUILT_IN_VIEW, datasetView } from '../views/datasets';

const DatasetParams = z.object({ datasetId: z.string().min(1).max(64) });

/** Custom datasets: organization-defined extraction schemas, run on every call they apply to. */
export function datasetRoutes(deps: RestDeps): RouteDefinition[] {
  const { collections } = deps.database;
  return [
    defineRoute({
      method: 'get',
      path: '/datasets',
      operationId: 'listDatasets',
      summary: 'List extraction datasets (the built-in mortgage_lead first, then your own)',
      tag: 'Datasets',
      permission: 'calls:read',
      success: { status: 200, description: 'Datasets', schema: envelope(z.array(DatasetView)) },
      errors: [403],
      async handler(ctx, { auth }) {
        const own = await listOwnDatasets(collections, auth.orgId);
        ctx.body = { success: true, data: [BUILT_IN_VIEW, ...own.map(datasetView)] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/datasets',
      operationId: 'createDataset',
      summary: 'Create an extraction dataset',
      description:
        "Fields have a snake_case `name`, a `type` (string, number, money, date, boolean, enum, phone, email, address), a `description` the engines read, `required`, and `options` for enums. New calls run it from now on; its result is in the call's `extractions` and in `call.data.extracted`.",
      tag: 'Datasets',
      permission: 'settings:manage',
      body: DatasetCreateRequest,
      success: { status: 201, description: 'The dataset', schema: envelope(DatasetView) },
      errors: [400, 403, 409, 413, 415],
      async handler(ctx, { auth, body }) {
        const dataset = await createDataset(collections, auth.orgId, body);
        ctx.status = 201;
        ctx.body = { success: true, data: datasetView(dataset) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/datasets/{datasetId}',
      operationId: 'getDataset',
      summary: 'One dataset (`mortgage_lead` for the built-in one)',
      tag: 'Datasets',
      permission: 'calls:read',
      params: DatasetParams,
      success: { status: 200, description: 'The dataset', schema: envelope(DatasetView) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        ctx.body = {
          success: true,
          data:
            params.datasetId === BUILT_IN_VIEW.id
              ? BUILT_IN_VIEW
              : datasetView(await findOwnDataset(collections, auth.orgId, params.datasetId)),
        };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/datasets/{datasetId}',
      operationId: 'updateDataset',
      summary: 'Change a dataset (calls processed from now on use the new version)',
      tag: 'Datasets',
      permission: 'settings:manage',
      params: DatasetParams,
      body: DatasetUpdateRequest,
      success: { status: 200, description: 'The dataset', schema: envelope(DatasetView) },
      errors: [400, 403, 404, 413, 415],
      async handler(ctx, { auth, params, body }) {
        const dataset = await updateDataset(collections, auth.orgId, params.datasetId, body);
        ctx.body = { success: true, data: datasetView(dataset) };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/datasets/{datasetId}',
      operationId: 'deleteDataset',
      summary: 'Delete a dataset (results already stored on calls stay)',
      tag: 'Datasets',
      permission: 'settings:manage',
      params: DatasetParams,
      success: { status: 200, description: 'The deleted dataset', schema: envelope(DatasetView) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const dataset = await deleteDataset(collections, auth.orgId, params.datasetId);
        ctx.body = { success: true, data: datasetView(dataset) };
      },
    }),
  ];
}
