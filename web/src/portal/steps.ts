import type { PortalSession, StepState } from './session';

export type StepKey = 'company' | 'ownership' | 'documents' | 'review' | 'submit';

/** The stepper's steps: the application (company, then ownership), documents, review, submit. */
export const STEPS: readonly { key: StepKey; label: string; path: string; api: PortalSession['steps'][number]['step'] }[] = [
  { key: 'company', label: 'Company details', path: '/portal/app/company', api: 'application' },
  { key: 'ownership', label: 'Directors and owners', path: '/portal/app/ownership', api: 'application' },
  { key: 'documents', label: 'Documents', path: '/portal/app/documents', api: 'documents' },
  { key: 'review', label: 'Review', path: '/portal/app/review', api: 'review' },
  { key: 'submit', label: 'Submit', path: '/portal/app/submit', api: 'submit' },
];

export const STATE_WORDS: Record<StepState, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  complete: 'Done',
  locked: 'Not yet available',
};

/** A step's state: the application's two pages each have their own (portal.session's applicationSteps). */
export function stateOf(session: PortalSession, key: StepKey): StepState {
  if (key === 'company' || key === 'ownership') {
    const part = session.applicationSteps.find((s) => s.step === key);
    if (part) return part.state;
  }
  const api = STEPS.find((s) => s.key === key)!.api;
  return session.steps.find((s) => s.step === api)?.state ?? 'not_started';
}

export function nextStep(key: StepKey): (typeof STEPS)[number] | undefined {
  return STEPS[STEPS.findIndex((s) => s.key === key) + 1];
}

export function previousStep(key: StepKey): (typeof STEPS)[number] | undefined {
  return STEPS[STEPS.findIndex((s) => s.key === key) - 1];
}

/** Where to carry on: the first step that is not done (the application's two pages count as one step). */
export function continueStep(session: PortalSession): (typeof STEPS)[number] {
  return STEPS.find((s) => stateOf(session, s.key) !== 'complete') ?? STEPS[STEPS.length - 1]!;
}
