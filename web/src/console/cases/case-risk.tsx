// The case page's Risk: the latest assessment (composite score, band, each factor's points and why, the
// model it was scored under, when and by whom) and `Recompute risk` (recomputeRisk, assessedBy the analyst).
import { Button } from 'react-aria-components';
import type { ConsoleCaseQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { ErrorNotice } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { RecomputeRiskMutation } from './case-query';
import { riskClass, when } from './labels';

type Assessment = NonNullable<NonNullable<ConsoleCaseQuery['case']>['riskAssessment']>;
type ActiveModel = ConsoleCaseQuery['riskModel'];

/** Points to at most two places, without trailing zeros (12.5, 0, 33.33). */
export const points = (n: number) => String(Math.round(n * 100) / 100);

/** The model an assessment used: the active version by number, an older one by its configId. */
function modelText(configId: number, active: ActiveModel): string {
  if (configId === active.configId) return `Version ${active.version} (the current model, configuration ${configId})`;
  return `Configuration ${configId}, an earlier version (the current model is version ${active.version}; recompute to use it)`;
}

export function RiskSection({ caseId, assessment, model, mayRecompute, onDone }: {
  caseId: string;
  assessment: Assessment | null | undefined;
  model: ActiveModel;
  mayRecompute: boolean;
  onDone: (message: string) => void;
}) {
  const action = useAction(() => execute(RecomputeRiskMutation, { caseId }), useSignInOnUnauthenticated());
  const recompute = async () => {
    const result = await action.run(undefined);
    const a = result?.recomputeRisk.riskAssessment;
    if (a) onDone(`Risk recomputed: ${a.bandLabel.toLowerCase()}, score ${points(a.compositeScore)}.`);
  };
  return (
    <section className="case-section" aria-labelledby="risk-title">
      <h2 id="risk-title">Risk</h2>
      {assessment ? (
        <>
          <dl className="facts">
            <dt>Composite score</dt>
            <dd>{points(assessment.compositeScore)} of 100</dd>
            <dt>Band</dt>
            <dd><span className={riskClass(assessment.band)}>{assessment.bandLabel}</span></dd>
            <dt>Risk model</dt>
            <dd>{modelText(assessment.configId, model)}</dd>
            <dt>Assessed</dt>
            <dd>{when(assessment.assessedAt)} by {assessment.assessedBy}</dd>
          </dl>
          <h3 className="section-subtitle" id="risk-factors-title">Factors</h3>
          <ul className="factor-list" aria-labelledby="risk-factors-title">
            {assessment.factors.map((f) => (
              <li key={f.factor}>
                <span className="factor-name">{f.label}</span>
                <span className="factor-points">{points(f.points)} points</span>
                <span className="factor-detail">
                  Weight {points(f.weight)} × score {points(f.score)}{f.detail ? ` — ${f.detail}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : <p className="empty">Not assessed yet.</p>}
      {mayRecompute ? (
        <div className="section-actions">
          <Button className="button" onPress={recompute} isPending={action.pending}>Recompute risk</Button>
        </div>
      ) : null}
      {action.error ? <ErrorNotice error={action.error} /> : null}
    </section>
  );
}
