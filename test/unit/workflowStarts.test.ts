import * as workflows from '../../workflows';
import type { WorkflowSignatures } from '../../lib/workflowStarts';

/**
 * lib/workflowStarts.ts starts workflows by name with typed inputs; it may not import workflows/,
 * so this is where its table meets the real functions. The assignment fails `npm run typecheck`
 * (part of `npm test`) when a name is missing or an input or result no longer matches.
 */
const signatures: WorkflowSignatures = workflows;

describe('every workflow started from outside Temporal', () => {
  test.each(Object.keys(signatures) as (keyof WorkflowSignatures)[])(
    '%s is a workflow the worker registers, under that name',
    (name) => {
      expect(typeof workflows[name]).toBe('function');
      expect(workflows[name].name).toBe(name);
    },
  );
});
