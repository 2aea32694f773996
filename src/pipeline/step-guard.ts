/** The step guard's contract lives in the shared kernel (src/step-guard.ts), below the features whose use cases are steps. */
export type { StepGuard } from '../step-guard';
