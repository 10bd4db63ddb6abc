import { Router } from '@koa/router';
import { notFound } from '../../../lib/errors';
import { roleHas } from '../../../lib/permissions';
import { requirePermission } from '../middleware/auth';
import type { RestDeps } from '../deps';
import { callView } from '../views';

export function callRoutes(deps: RestDeps): Router {
  const router = new Router();

  router.get('/calls/:callId', async (ctx) => {
    const auth = requirePermission(ctx, 'calls:read');
    const call = await deps.database.collections.calls.findOne({ _id: ctx.params.callId, org_id: auth.orgId });
    // An agent sees only their own calls; anyone else's is "not found", like another organization's.
    const visible = call && (roleHas(auth.role, 'calls:read_all') || call.agent_email === auth.userEmail);
    if (!call || !visible) throw notFound('Call');
    ctx.body = { success: true, data: callView(call, deps.baseUrl) };
  });

  return router;
}
