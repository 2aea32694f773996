// The case page's AI review: the latest review (recommendation, confidence, risk factors by severity, who or
// what triggered it, the engine, when) and `Run AI review` (runAiReview, triggeredBy the analyst). A reviewer
// that gives no usable answer is SERVICE_UNAVAILABLE: said in plain words, nothing was stored.
import { Button } from 'react-aria-components';
import type { ConsoleCaseQuery } from '../../gql/graphql';
import { execute, type RequestError } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { ErrorNotice } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { RunAiReviewMutation } from './case-query';
import { RECOMMENDATION_LABELS, recommendationClass, SEVERITY_LABELS, severityClass, when } from './labels';

type Review = NonNullable<NonNullable<ConsoleCaseQuery['case']>['aiReview']>;

/** Who started a review, in words: the analyst's email, or the customer's step for a background run. */
export function triggeredByText(triggeredBy: string): string {
  const background = /^system:(form-submission|confirm-review):(.*)$/.exec(triggeredBy);
  if (!background) return triggeredBy;
  const step = background[1] === 'form-submission' ? 'the application form submitted by' : 'the extracted data confirmed by';
  return `Automatically, after ${step} ${background[2]}`;
}

/** The reviewer's failure: the server's own sentence (it says nothing was stored), under a plain title. */
function ReviewUnavailable({ error }: { error: RequestError }) {
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">The AI review is not available right now</p>
      <p>{error.message}</p>
    </div>
  );
}

export function AiReviewSection({ caseId, review, mayRun, onDone }: {
  caseId: string;
  review: Review | null | undefined;
  mayRun: boolean;
  onDone: (message: string) => void;
}) {
  const action = useAction(() => execute(RunAiReviewMutation, { caseId }), useSignInOnUnauthenticated());
  const run = async () => {
    const result = await action.run(undefined);
    if (result) onDone(`The AI review is done: ${RECOMMENDATION_LABELS[result.runAiReview.recommendation].toLowerCase()} (${result.runAiReview.confidence.toLowerCase()} confidence).`);
  };
  return (
    <section className="case-section" aria-labelledby="ai-review-title">
      <h2 id="ai-review-title">AI review</h2>
      {review ? (
        <>
          <dl className="facts">
            <dt>Recommendation</dt>
            <dd><span className={recommendationClass(review.recommendation)}>{RECOMMENDATION_LABELS[review.recommendation]}</span></dd>
            <dt>Confidence</dt>
            <dd>{review.confidence}</dd>
            <dt>Triggered by</dt>
            <dd>{triggeredByText(review.triggeredBy)}</dd>
            <dt>Reviewer</dt>
            <dd>{review.reviewer === 'local' ? 'local rules' : review.reviewer}</dd>
            <dt>Completed</dt>
            <dd>{when(review.completedAt)}</dd>
          </dl>
          <h3 className="section-subtitle" id="ai-factors-title">Risk factors</h3>
          {review.riskFactors.length ? (
            <ul className="factor-list" aria-labelledby="ai-factors-title">
              {review.riskFactors.map((f, i) => (
                <li key={i}>
                  <span className={severityClass(f.severity)}>{SEVERITY_LABELS[f.severity]}</span>{' '}
                  <span className="factor-text">{f.text}</span>
                </li>
              ))}
            </ul>
          ) : <p className="empty">The review found no risk factors.</p>}
        </>
      ) : <p className="empty">No AI review yet.</p>}
      {mayRun ? (
        <div className="section-actions">
          <Button className="button" onPress={run} isPending={action.pending}>Run AI review</Button>
        </div>
      ) : null}
      {action.error ? (action.error.code === 'SERVICE_UNAVAILABLE' ? <ReviewUnavailable error={action.error} /> : <ErrorNotice error={action.error} />) : null}
    </section>
  );
}
