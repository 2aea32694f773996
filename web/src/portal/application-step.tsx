// What the form steps of the application (company, directors and owners) share: reading the application,
// saving their part of the draft and moving on, and showing a failed save.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { RequestError } from '../lib/graphql';
import { guardLeaving } from '../lib/leave-guard';
import { asRequestError } from '../lib/trpc';
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

type Autosave = ReturnType<typeof useAutosave>;

/**
 * Saving a step as done (application.save with `completeStep`, "Save and continue"): `submit(draft)` saves
 * (once at a time); the server refuses, writing nothing, unless everything the step asks for is there. Then it
 * reads the session again (the steps' states) and goes on to `next` with `flash`. A failed save's field errors
 * (else the draft's own, from saving as the customer types) are keyed by their path under `prefix`.
 */
export function useSaveStep(step: 'company' | 'ownership', prefix: string, next: string, flash: string, autosave: Autosave) {
  const { reload, ended } = usePortalSession();
  const navigate = useNavigate();
  const save = useAction(saveApplication, ended);
  const error = save.error ?? autosave.error;
  const { fieldErrors, problems } = problemsOf(error, prefix);
  async function submit(draft: ApplicationDraft) {
    if (save.pending) return;
    await autosave.idle();
    const version = autosave.version;
    const saved = await save.run({ ...draft, completeStep: step });
    if (saved) {
      autosave.savedUpTo(version);
      await reload();
      navigate(next, { state: { flash } });
    }
  }
  return { pending: save.pending, error, fieldErrors, problems, submit };
}

/**
 * Drafts saved as the customer types: `changed()` after each change of the form; the draft (`current()`) is
 * saved (application.save, partial) a second after the last change, when the page closes in the app, and
 * before "Save and continue". `status` says "Saving…", "Saved" or that a save failed (its field errors shown
 * by the form). Leaving with changes not saved asks first: closing or reloading the tab while any change waits,
 * and moving to another page of the app while the last save failed.
 */
export function useAutosave(current: () => ApplicationDraft, onSaved?: (view: ApplicationView) => void) {
  const { reload, ended } = usePortalSession();
  const [version, setVersion] = useState(0);
  const [status, setStatus] = useState<{ kind: 'idle' | 'saving' | 'saved' | 'failed'; error?: RequestError }>({ kind: 'idle' });
  const saved = useRef(0);
  const wanted = useRef(0);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef({ current, onSaved, reload, ended });
  useLayoutEffect(() => {
    latest.current = { current, onSaved, reload, ended };
  });

  const flush = useCallback((): Promise<void> => {
    const v = wanted.current;
    if (v <= saved.current) return chain.current;
    const draft = latest.current.current();
    chain.current = chain.current.then(async () => {
      if (v <= saved.current) return;
      setStatus({ kind: 'saving' });
      try {
        const view = await saveApplication(draft);
        saved.current = Math.max(saved.current, v);
        latest.current.onSaved?.(view);
        setStatus({ kind: saved.current >= wanted.current ? 'saved' : 'saving' });
        void latest.current.reload();
      } catch (e) {
        const error = asRequestError(e);
        latest.current.ended(error);
        setStatus({ kind: 'failed', error });
      }
    });
    return chain.current;
  }, []);

  useEffect(() => {
    if (version === 0) return undefined;
    const timer = setTimeout(() => void flush(), 1000);
    return () => clearTimeout(timer);
  }, [version, flush]);
  // Moving to another page of the app: what is typed is saved on the way out.
  useEffect(() => () => void flush(), [flush]);
  useEffect(() => guardLeaving({
    navigate: () => (wanted.current > saved.current && status.kind === 'failed' ? 'Some of your answers could not be saved.' : null),
    unload: () => wanted.current > saved.current,
  }), [status.kind]);

  return {
    version,
    changed: () => {
      setVersion((n) => {
        wanted.current = n + 1;
        return n + 1;
      });
      // "Saved" only while nothing waits: a change says "Saving…" until its save is done (a failed save's errors stay until the next one).
      setStatus((s) => (s.kind === 'failed' || s.kind === 'saving' ? s : { kind: 'saving' }));
    },
    /** Resolves once no save is running (after saving what waits). */
    idle: flush,
    /** "Save and continue" saved everything up to `v`. */
    savedUpTo: (v: number) => {
      saved.current = Math.max(saved.current, v);
    },
    error: status.kind === 'failed' ? status.error : undefined,
    status: status.kind,
  };
}

/** The autosave's status in words, beside the form's button (a polite live region). */
export function AutosaveStatus({ autosave }: { autosave: Autosave }) {
  const words = { idle: '', saving: 'Saving…', saved: 'Saved', failed: 'Not saved: check the answers marked above' }[autosave.status];
  return <p className={`autosave${autosave.status === 'failed' ? ' autosave-failed' : ''}`} role="status" data-testid="autosave">{words}</p>;
}

/** A failed save: the list of problems linking to their fields, or the error in words. */
export function SaveError({ error, problems }: { error: RequestError | undefined; problems: ReturnType<typeof problemsOf>['problems'] }) {
  if (!error) return null;
  return error.details.length
    ? <ProblemList title="Please check what you entered" message={error.message} problems={problems} />
    : <ErrorNotice error={error} />;
}
