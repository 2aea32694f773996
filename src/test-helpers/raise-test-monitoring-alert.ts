import { randomBytes } from 'node:crypto';
import { auditName, type Actor } from '../access/index';
import type { CaseDetailView } from '../decisions/index';
import { forTenant } from '../db/index';
import { DomainError } from '../errors';
import { NOT_MONITORED_MESSAGE, runMonitoringBatch, type MonitoringCheck } from '../monitoring/index';
import { caseSubjects, type ScreeningSubject } from '../screening/index';
import { assertSchema } from '../schema';
import type { Services } from '../services';
import { testCaseAnswer } from './case-answer';
import { testCaseOf } from './test-cases';
import { TestMonitoringAlertRequestSchema, type TestAlertType } from './test-helpers.wire';
import { withTestEntry } from './test-watchlist';

type Severity = 'low' | 'medium' | 'high';

/** What monitoring rates each kind of alert (monitoring-facts, monitoring-checks), the default first. */
const SEVERITIES: Record<TestAlertType, readonly Severity[]> = {
  sanctions_hit: ['high'], pep_change: ['medium'], structure_change: ['medium', 'high'], adverse_media: ['medium', 'low', 'high'],
};
/** The one check of a run that sees each kind. */
const CHECK: Record<TestAlertType, MonitoringCheck> = {
  sanctions_hit: 'rescreening', pep_change: 'rescreening', structure_change: 'registry_refresh', adverse_media: 'adverse_media',
};

/**
 * POST /v1/test_helpers/cases/{caseId}/monitoring_alert: a monitoring run of an approved case (monitoring's own
 * runMonitoringBatch, ad hoc, triggeredBy the test credential) whose one check of that kind sees something new:
 * the first person of the case on the watchlist (sanctions_hit, pep_change), the registry listing an officer
 * (medium) or an owner (high) the case does not have (structure_change), an article naming the first person
 * (adverse_media, at the severity asked). The events are a run's: monitoring.alert.created, the review it opens
 * for a director or UBO (monitoring.review.opened), then monitoring.run.completed. Each call is a new fact, so a
 * new alert. Refused (invalid_transition, 409) unless the case is approved and its data held; a severity
 * monitoring never gives that kind is validation_failed.
 */
export async function raiseTestMonitoringAlert(svc: Services, actor: Actor, caseId: string, body: unknown): Promise<CaseDetailView> {
  const { actor: caller, c } = await testCaseOf(svc, actor, caseId);
  const input = assertSchema(TestMonitoringAlertRequestSchema, body ?? {});
  const allowed = SEVERITIES[input.alertType];
  const severity = input.severity ?? allowed[0]!;
  if (!allowed.includes(severity)) {
    throw DomainError.validation([{ path: 'severity', message: `must be ${allowed.join(' or ')} for ${input.alertType} (as monitoring rates it)` }]);
  }
  if (c.status !== 'approved') throw new DomainError('invalid_transition', `Case ${c.caseId} is ${c.status}. ${NOT_MONITORED_MESSAGE}`);
  const subjects = (await caseSubjects(forTenant(svc.db, caller.orgId), c.pk)) ?? [];
  const person = subjects.find((s) => s.role !== 'company');
  if (!person && input.alertType !== 'structure_change') throw new DomainError('invalid_transition', `Case ${c.caseId} has no director or UBO for the alert to name.`);
  const nonce = randomBytes(6).toString('hex');
  const [outcome] = await runMonitoringBatch(
    sourcesFor(svc, input.alertType, severity, person, subjects, nonce),
    [{ orgId: caller.orgId, casePk: c.pk, source: 'ad_hoc', triggeredBy: auditName(caller) }],
    { checks: [CHECK[input.alertType]] },
  );
  if (!outcome || outcome.status !== 'ran') throw new DomainError('invalid_transition', NOT_MONITORED_MESSAGE);
  return testCaseAnswer(svc, caller, c.caseId);
}

/** The service with the one source the check asks showing the new fact (every other answer the real source's). */
function sourcesFor(svc: Services, type: TestAlertType, severity: Severity, person: ScreeningSubject | undefined, subjects: ScreeningSubject[], nonce: string): Services {
  switch (type) {
    case 'sanctions_hit':
    case 'pep_change':
      return {
        ...svc,
        screening: withTestEntry(svc.screening, { subjectName: person!.name, sanctioned: type === 'sanctions_hit', pep: type === 'pep_change', entityId: `test-monitoring-${nonce}` }),
      };
    case 'adverse_media': {
      const real = svc.adverseMedia;
      return {
        ...svc,
        adverseMedia: {
          name: real.name,
          async search(query) {
            const found = await real.search(query);
            if (query.name !== person!.name) return found;
            return [...found, {
              id: `test-${nonce}`, title: `${person!.name} named in a test investigation (test data)`, source: 'The Test Gazette',
              publishedAt: svc.clock.now().toISOString().slice(0, 10), topics: ['fraud'], severity,
            }];
          },
        },
      };
    }
    case 'structure_change': {
      const names = (role: string) => subjects.filter((s) => s.role === role).map((s) => ({ name: s.name, kind: 'individual' as const }));
      const newcomer = { name: `Taylor Testwell ${nonce.toUpperCase()}`, kind: 'individual' as const };
      return {
        ...svc,
        registry: {
          name: svc.registry.name,
          async lookup(query) {
            const company = subjects.find((s) => s.role === 'company');
            return {
              status: 'found',
              company: {
                registrationNumber: query.registrationNumber, name: company?.name ?? 'Test company', status: 'active',
                officers: [...names('director'), ...(severity === 'medium' ? [newcomer] : [])], owners: [...names('ubo'), ...(severity === 'high' ? [newcomer] : [])],
              },
            };
          },
        },
      };
    }
  }
}
