// The case page's Routing: what the decision policy said last (routing.evaluated): the outcome in words,
// the policy and its version, the rule that matched (numbered from 0, as matchedRuleIndex and the automatic
// decisions' notes number them) or the default branch or the age gate, when, and the facts the rules saw.
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import type { ConsoleCaseQuery } from '../../gql/graphql';
import { DataList } from '../../ui/data-list';
import { DisclosureArrow } from '../../ui/disclosure';
import { ROUTING_LABELS, routingClass, when } from './labels';

type Routing = NonNullable<NonNullable<ConsoleCaseQuery['case']>['routing']>;
type ActivePolicy = ConsoleCaseQuery['decisionPolicy'];

/** A rule's name from a policy's rules (JSON objects from the server: the name is checked, not assumed). */
export function ruleName(rules: readonly Record<string, unknown>[], index: number): string | null {
  const name = rules[index]?.name;
  return typeof name === 'string' ? name : null;
}

/** Which branch decided: a rule (named when the routing used the active policy), the default branch, or the age gate. */
export function branchText(r: { matchedRuleIndex?: number | null; gate?: string | null }, rules: readonly Record<string, unknown>[] | null): string {
  if (r.gate === 'age_gate') return 'The age gate (the customer is under the minimum age), before the rules';
  if (r.matchedRuleIndex == null) return 'Default branch (no rule matched)';
  const name = rules ? ruleName(rules, r.matchedRuleIndex) : null;
  return `Rule ${r.matchedRuleIndex}${name ? `: “${name}”` : ''}`;
}

export function RoutingSection({ routing, policy }: { routing: Routing | null | undefined; policy: ActivePolicy }) {
  return (
    <section className="case-section" aria-labelledby="routing-title">
      <h2 id="routing-title">Routing</h2>
      {routing ? (
        <>
          <dl className="facts">
            <dt>Outcome</dt>
            <dd>
              <span className={routingClass(routing.outcome)}>{ROUTING_LABELS[routing.outcome]}</span>
              {routing.decided ? ' · the policy decided the case' : ''}
            </dd>
            <dt>Policy</dt>
            <dd>{routing.policyName} (version {routing.policyVersion})</dd>
            <dt>Matched</dt>
            <dd>{branchText(routing, routing.policyId === policy.policyId ? policy.rules : null)}</dd>
            <dt>Evaluated</dt>
            <dd>{when(routing.evaluatedAt)}</dd>
          </dl>
          <Disclosure className="disclosure">
            <Heading level={3} className="disclosure-heading">
              <Button slot="trigger" className="disclosure-trigger"><DisclosureArrow />Facts the rules saw</Button>
            </Heading>
            <DisclosurePanel className="disclosure-panel">
              <DataList data={routing.facts} />
            </DisclosurePanel>
          </Disclosure>
        </>
      ) : <p className="empty">The decision policy has not routed this case yet.</p>}
    </section>
  );
}
