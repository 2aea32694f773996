// What the form steps of the application (company, directors and owners) share: reading the application,
// saving their part of the draft and moving on, and showing a failed save.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { RequestError } from '../lib/graphql';
import { useAction, useRequest } from '../lib/use-request';
import { ErrorNotice, Loading } from '../ui/status';
import { loadApplication, problemsOf, saveApplication, type ApplicationDraft, type ApplicationView } from './application';
import { useFocusFromHash } from './fields';
import { usePortalSession } from './session';
import { ProblemList, StepPage } from './stepper';
import type { StepKey } from './steps';

/**
 * A step's page around the application (application.get): loading and error states, then `children` with the
 * application; the field named by the address's #hash gets focus once it is on the page.
 */
export function ApplicationStep({ step, title, lead, children }: { step: StepKey; title: string; lead: ReactNode; children: (app: ApplicationView) => ReactNode }) {
  const { ended } = usePortalSession();
  const app = useRequest(loadApplication, 'application.get', ended);
  useFocusFromHash(app.status === 'done');
  return (
    <StepPage step={step} title={title} lead={lead}>
      {app.status === 'loading' ? <Loading label="Loading your application…" /> : null}
      {app.status === 'error' ? <ErrorNotice error={app.error} onRetry={app.reload} /> : null}
      {app.status === 'done' ? children(app.data) : null}
    </StepPage>
  );
}

/**
 * Saving a step's part of the draft (application.save): `submit(draft)` saves (once at a time), reads the
 * session again (the steps' states) and goes on to `next` with `flash`; a failed save's field errors are
 * keyed by their path under `prefix`.
 */
export function useSaveStep(prefix: string, next: string, flash: string) {
  const { reload, ended } = usePortalSession();
  const navigate = useNavigate();
  const save = useAction(saveApplication, ended);
  const { fieldErrors, problems } = problemsOf(save.error, prefix);
  async function submit(draft: ApplicationDraft) {
    if (save.pending) return;
    if (await save.run(draft)) {
      await reload();
      navigate(next, { state: { flash } });
    }
  }
  return { pending: save.pending, error: save.error, fieldErrors, problems, submit };
}

/** A failed save: the list of problems linking to their fields, or the error in words. */
export function SaveError({ error, problems }: { error: RequestError | undefined; problems: ReturnType<typeof problemsOf>['problems'] }) {
  if (!error) return null;
  return error.details.length
    ? <ProblemList title="Please check what you entered" message={error.message} problems={problems} />
    : <ErrorNotice error={error} />;
}
