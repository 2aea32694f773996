import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { Navigate, useLocation } from 'react-router';
import { Page } from '../ui/page';
import { AREA, usePortalSession } from './session';
import { STATE_WORDS, STEPS, stateOf, type StepKey } from './steps';

/** The steps as a numbered list of links, the current one marked (aria-current="step"), each with its state in words. */
export function Stepper({ current }: { current?: StepKey }) {
  const { session } = usePortalSession();
  return (
    <nav aria-label="Application steps" className="stepper">
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
    </nav>
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

/** The error summary of a form: the server's message, then each problem as a link to its field. */
export function ProblemList({ title, message, problems }: { title: string; message: string; problems: { key: string; label: string; href: string; onPress?: () => void }[] }) {
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">{title}</p>
      <p>{message}</p>
      {problems.length ? (
        <ul className="problem-list">
          {problems.map((p) => <li key={p.key}><Link href={p.href} onPress={p.onPress}>{p.label}</Link></li>)}
        </ul>
      ) : null}
    </div>
  );
}
