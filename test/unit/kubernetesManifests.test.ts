import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadAll } from 'js-yaml';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Service } from 'kubernetes-models/v1';
import { TASK_QUEUE_NAMES } from '../../lib/config';

/**
 * deploy/kubernetes rendered as `kubectl apply -k` would (the kustomization's files), every object
 * validated against the Kubernetes 1.27 schemas (npm kubernetes-models), and the product's own
 * rules checked: probes, requests, one worker Deployment + PDB + HPA per task queue, grace
 * periods longer than the drain, secrets only by reference, environment names the product reads.
 */
const FOLDER = path.resolve(__dirname, '../../deploy/kubernetes');
const MODELS = {
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
} as const;

/** The models' `validate()` (their base class's types do not resolve under this project's CommonJS settings). */
const validate = (model: unknown) => (model as { validate(): void }).validate();

type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: any };

function render(): Manifest[] {
  const kustomization = loadAll(readFileSync(path.join(FOLDER, 'kustomization.yaml'), 'utf8'))[0] as {
    resources: string[];
  };
  return kustomization.resources.flatMap(
    (file) => loadAll(readFileSync(path.join(FOLDER, file), 'utf8')).filter(Boolean) as Manifest[],
  );
}

/** Every variable lib/config.ts reads (the names of its schema), from the README's table of them. */
function configurationNames(): Set<string> {
  const readme = readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('<!-- env-table:start -->'), readme.indexOf('<!-- env-table:end -->'));
  return new Set([...table.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((match) => match[1]!));
}

describe('the Kubernetes manifests', () => {
  const manifests = render();
  const of = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);
  const workloads = [...of('Deployment'), ...of('StatefulSet')];

  test('every object is valid against the Kubernetes schemas', () => {
    expect(manifests.length).toBeGreaterThan(15);
    for (const manifest of manifests) {
      const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}` as keyof typeof MODELS];
      expect({ object: `${manifest.kind}/${manifest.metadata.name}`, known: Boolean(Model) }).toEqual({
        object: `${manifest.kind}/${manifest.metadata.name}`,
        known: true,
      });
      expect(() => validate(new Model(manifest as never))).not.toThrow();
    }
    // The validator refuses what the API server would: a wrong type, a missing required field.
    const wrongType = structuredClone(of('Deployment')[0]!);
    wrongType.spec.replicas = 'two';
    expect(() => validate(new Deployment(wrongType as never))).toThrow();
    const noContainers = structuredClone(of('Deployment')[0]!);
    delete noContainers.spec.template.spec.containers;
    expect(() => validate(new Deployment(noContainers as never))).toThrow();
  });

  test('each task queue has its worker Deployment, a PodDisruptionBudget and an HPA on its backlog', () => {
    for (const queue of TASK_QUEUE_NAMES) {
      const name = `call-intelligence-worker-${queue}`;
      const deployment = of('Deployment').find((manifest) => manifest.metadata.name === name)!;
      expect(deployment).toBeDefined();
      const env = deployment.spec.template.spec.containers[0].env as { name: string; value?: string }[];
      expect(env.find((variable) => variable.name === 'WORKER_TASK_QUEUES')?.value).toBe(queue);
      expect(of('PodDisruptionBudget').some((pdb) => pdb.metadata.name === name)).toBe(true);
      const hpa = of('HorizontalPodAutoscaler').find((manifest) => manifest.metadata.name === name)!;
      expect(hpa.spec.scaleTargetRef.name).toBe(name);
      expect(hpa.spec.metrics[0].external.metric).toEqual({
        name: 'temporal_task_queue_backlog',
        selector: { matchLabels: { task_queue: queue } },
      });
    }
  });

  test('workloads have requests, probes and a grace period longer than their drain', () => {
    const config = of('ConfigMap')[0]!.data as Record<string, string>;
    const drainSeconds = Number(config.WORKER_SHUTDOWN_GRACE_SECONDS);
    for (const workload of workloads) {
      const pod = workload.spec.template.spec;
      for (const container of pod.containers) {
        expect(container.resources.requests).toEqual(
          expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }),
        );
        expect(container.livenessProbe).toBeDefined();
      }
      if (workload.metadata.name.includes('worker'))
        expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(drainSeconds);
    }
    for (const name of ['call-intelligence-rest', 'call-intelligence-help']) {
      const container = of('Deployment').find((manifest) => manifest.metadata.name === name)!.spec.template.spec
        .containers[0];
      expect(container.livenessProbe.httpGet.path).toBe('/healthz');
      expect(container.readinessProbe.httpGet.path).toBe('/readyz');
      expect(of('PodDisruptionBudget').some((pdb) => pdb.metadata.name === name)).toBe(true);
    }
  });

  test('secrets are only referenced, and every variable set is one the product reads', () => {
    const known = configurationNames();
    expect(known.size).toBeGreaterThan(40);
    const config = of('ConfigMap')[0]!.data as Record<string, string>;
    const set = [...Object.keys(config)];
    for (const workload of workloads) {
      for (const container of workload.spec.template.spec.containers) {
        for (const variable of (container.env ?? []) as { name: string; value?: string; valueFrom?: unknown }[]) {
          set.push(variable.name);
          if (/KEY|SECRET|URI|PASSWORD|TOKEN/.test(variable.name)) {
            expect({ variable: variable.name, literal: variable.value }).toEqual({
              variable: variable.name,
              literal: undefined,
            });
          }
        }
      }
    }
    for (const key of Object.keys(config)) expect(key).not.toMatch(/KEY|SECRET|PASSWORD|TOKEN/);
    expect(set.filter((name) => !known.has(name))).toEqual([]);
  });
});
