import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { createPrometheusMetrics } from '../../bin/prometheus';

const DOCS = join(__dirname, '..', '..', '..', 'docs', 'operations');

/** Every series name the service exports (histograms with their _bucket, _count and _sum). */
async function exported(): Promise<Set<string>> {
  const metrics = createPrometheusMetrics('test');
  const names = new Set<string>();
  for (const m of await metrics.registry.getMetricsAsJSON()) {
    names.add(m.name);
    if (String(m.type) === 'histogram') for (const s of ['_bucket', '_count', '_sum']) names.add(`${m.name}${s}`);
  }
  return names;
}

/** The metric names a PromQL expression reads (identifiers of the service's namespace). */
const namesIn = (expr: string) => [...expr.matchAll(/\b(svc_[a-z0-9_]+)\b/g)].map((m) => m[1]!);

describe('observability: the alert rules and the dashboard read only series the service exports', () => {
  it('every alert has a duration-bounded expression over exported series, a summary and a runbook', async () => {
    const names = await exported();
    // JSON is YAML: Prometheus loads this file as it is (rule_files).
    const rules = JSON.parse(readFileSync(join(DOCS, 'alerts.rules.json'), 'utf8')) as {
      groups: { name: string; rules: { alert: string; expr: string; for?: string; annotations: Record<string, string> }[] }[];
    };
    const alerts = rules.groups.flatMap((g) => g.rules);
    expect(alerts.map((a) => a.alert)).to.include.members([
      'SvcOutboxRelayLagging', 'SvcWebhookEndpointFailing', 'SvcJobQueueLate', 'SvcWorkerRestarting', 'SvcReadinessFlapping',
      'SvcTokenEndpointErrors', 'SvcPipelineStepsFailing',
    ]);
    for (const a of alerts) {
      const used = namesIn(a.expr);
      expect(used.length, a.alert).to.be.greaterThan(0);
      for (const n of used) expect(names.has(n), `${a.alert} reads ${n}, which the service does not export`).to.equal(true);
      expect(a.annotations.summary?.length ?? 0, a.alert).to.be.greaterThan(0);
      expect(a.annotations.runbook?.length ?? 0, a.alert).to.be.greaterThan(0);
      if (a.for) expect(a.for).to.match(/^\d+[smh]$/);
    }
  });

  it('the Grafana dashboard is importable JSON whose every query reads exported series', async () => {
    const names = await exported();
    const dash = JSON.parse(readFileSync(join(DOCS, 'grafana-dashboard.json'), 'utf8')) as { uid: string; panels: { title: string; targets: { expr: string }[] }[] };
    expect(dash.uid).to.equal('svc-operations');
    expect(dash.panels.length).to.be.at.least(10);
    for (const p of dash.panels) {
      for (const t of p.targets) {
        for (const n of namesIn(t.expr)) expect(names.has(n), `${p.title} reads ${n}`).to.equal(true);
      }
    }
  });
});
