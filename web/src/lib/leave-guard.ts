// Leaving a page with changes that are not saved: the page registers what it would lose, and every in-app
// navigation (React Aria's links and buttons go through app.tsx's navigate) and closing or reloading the tab
// (beforeunload) asks first. One guard at a time: the page on screen.

export interface LeaveCheck {
  /** Before an in-app navigation: a sentence naming what would be lost, or null. */
  navigate: () => string | null;
  /** Before the tab closes or reloads: whether anything is not saved (browsers show their own words). */
  unload: () => boolean;
}

let unsaved: LeaveCheck | null = null;

/** Registers the page's checks; returns the function that removes them. */
export function guardLeaving(check: LeaveCheck): () => void {
  unsaved = check;
  const beforeUnload = (e: BeforeUnloadEvent) => {
    if (unsaved?.unload()) e.preventDefault();
  };
  window.addEventListener('beforeunload', beforeUnload);
  return () => {
    if (unsaved === check) unsaved = null;
    window.removeEventListener('beforeunload', beforeUnload);
  };
}

/** For an in-app navigation: true when it may go ahead (nothing unsaved, or the person chose to leave). */
export function mayLeave(): boolean {
  const what = unsaved?.navigate();
  return !what || window.confirm(`${what} Leave this page anyway?`);
}
