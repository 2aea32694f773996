// The case page's tabs: their ids (the `?tab=` of the address, so that links and reloads keep the tab) and names.
import { useSearchParams } from 'react-router';

export const CASE_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'documents', label: 'Documents and screening' },
  { id: 'people', label: 'People and identity' },
  { id: 'risk', label: 'Risk and routing' },
  { id: 'outreach', label: 'Outreach and EDD' },
  { id: 'activity', label: 'Activity' },
] as const;
export type CaseTab = (typeof CASE_TABS)[number]['id'];

const isTab = (v: string | null): v is CaseTab => CASE_TABS.some((t) => t.id === v);

/** The tab in the address (Overview when absent or unknown) and a setter that keeps the rest of the query. */
export function useCaseTab(): [CaseTab, (tab: CaseTab) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: CaseTab = isTab(raw) ? raw : 'overview';
  const setTab = (next: CaseTab) => setParams((p) => {
    const q = new URLSearchParams(p);
    if (next === 'overview') q.delete('tab');
    else q.set('tab', next);
    if (next !== 'activity') q.delete('show');
    return q;
  }, { replace: true });
  return [tab, setTab];
}
