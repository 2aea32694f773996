import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { Navigate, useLocation } from 'react-router';
import { Page } from '../ui/page';
import { AREA, usePortalSession } from './session';
import { STATE_WORDS, STEPS, stateOf, type StepKey } from './steps';

/**
 * The steps as a numbered list of links, the current one marked (aria-current="step"), each with its state in
 * words. On a phone (CSS, below 40rem) the list gives way to one line, "Step 2 of 5: Directors and owners", that
 * opens the list (a disclosure), so the form starts near the top of the screen.
 */
export function Stepper({ current }: { current?: StepKey }) {
  const { session } = usePortalSession();
  const index = STEPS.findIndex((s) => s.key === current);
  const list = (
    <ol>
      {STEPS.map((s, i) => {
        const state = stateOf(session, s.key);
        return (
          <li key={s.key} className={`step step-${state}${s.key === current ? ' step-current' : ''}`}>
            <Link href={s.path} aria-current={s.key === current ? 'step' : undefined}>
              <span className="step-number" aria-hidden="true">{state === 'complete' ? '✓' : i + 1}</span>
              <span className="step-label">{s.label}</span>
              <span className="step-state"><span className="visually-hidden">: </span>{STATE_WORDS[state]}</span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
  return (
    <>
      <nav aria-label="Application steps" className="stepper stepper-full">{list}</nav>
      <nav aria-label="Application steps" className="stepper stepper-compact">
        <details>
          <summary data-testid="step-of">
            {index >= 0 ? (
              <>
                <span className="step-of">Step {index + 1} of {STEPS.length}: <strong>{STEPS[index]!.label}</strong></span>
                <span className="step-state">{STATE_WORDS[stateOf(session, current!)]}</span>
              </>
            ) : <span className="step-of">{STEPS.filter((s) => stateOf(session, s.key) === 'complete').length} of {STEPS.length} steps done</span>}
          </summary>
          {list}
        </details>
      </nav>
    </>
  );
}

/** A page of the stepper: the steps above its heading. Once submitted, the steps give way to the status page. */
export function StepPage({ step, title, lead, children }: { step: StepKey; title: string; lead?: ReactNode; children: ReactNode }) {
  const { session } = usePortalSession();
  const flash = useFlash();
  // Checked as the page opens: a page that has just submitted moves on to the status page by itself (with its message).
  const [openedEditable] = useState(session.editable);
  if (!openedEditable) return <Navigate to="/portal/app/status" replace />;
  return (
    <>
      <Stepper current={step} />
      <Page title={title} area={AREA} lead={lead}>
        <div role="status" aria-live="polite">{flash ? <p className="notice notice-ok">{flash}</p> : null}</div>
        {children}
      </Page>
    </>
  );
}

/**
 * What the previous page said it did ("Company details saved."), passed in the navigation's state; and,
 * as a new page opens in place, focus on its heading (unless the address names a field to focus).
 */
export function useFlash(): string | undefined {
  const location = useLocation();
  useEffect(() => {
    if (!location.hash) document.getElementById('page-title')?.focus();
  }, [location.pathname, location.hash]);
  return (location.state as { flash?: string } | null)?.flash;
}

/**
 * A server message in plain words: a message that starts with a field's path ("companyProfile.website: must be …",
 * the first problem of a refused input) is replaced by a count, since each problem is listed in words below it.
 */
export function plainMessage(message: string, count: number): string {
  if (!/^[A-Za-z]+(?:\.[A-Za-z0-9]+)+:/.test(message)) return message;
  return count === 1 ? 'One answer needs your attention.' : `${count} answers need your attention.`;
}

/** The error summary of a form: the server's message (in plain words), then each problem as a link to its field. */
export function ProblemList({ title, message, problems }: { title: string; message: string; problems: { key: string; label: string; href: string; onPress?: () => void }[] }) {
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{title}</p>
      <p>{plainMessage(message, problems.length)}</p>
      {problems.length ? (
        <ul className="problem-list">
          {problems.map((p) => <li key={p.key}><Link href={p.href} onPress={p.onPress}>{p.label}</Link></li>)}
        </ul>
      ) : null}
    </div>
  );
}
