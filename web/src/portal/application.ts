import type { RequestError } from '../lib/graphql';
import { trpc } from '../lib/trpc';
import { focusField } from './fields';
import { locate } from './labels';

export type ApplicationView = Awaited<ReturnType<typeof trpc.application.get.query>>;
export type ApplicationDraft = Parameters<typeof trpc.application.save.mutate>[0];
export type CompanyProfile = ApplicationView['companyProfile'];
export type Owner = ApplicationView['ownership']['directors'][number];

export const loadApplication = () => trpc.application.get.query();
export const saveApplication = (draft: ApplicationDraft) => trpc.application.save.mutate(draft);

/** Text as the API takes it: trimmed, and empty as null. */
export const text = (v: string): string | null => (v.trim() === '' ? null : v.trim());

/** A failed save's field errors by field name (the path without `prefix`), and the summary's links to them. */
export function problemsOf(error: RequestError | undefined, prefix: string) {
  const fieldErrors: Record<string, string> = {};
  const problems: { key: string; label: string; href: string; onPress: () => void }[] = [];
  for (const d of error?.details ?? []) {
    const path = d.path.replace(/^\//, '').replace(/\//g, '.');
    const name = path.startsWith(prefix) ? path.slice(prefix.length) : path;
    const message = d.message.charAt(0).toUpperCase() + d.message.slice(1);
    if (fieldErrors[name] !== undefined) continue; // one problem per field (a value can break two rules)
    fieldErrors[name] = message;
    fieldErrors[name.replace(/\.\d+$/, '')] ??= message; // a list's item: the list's field
    const where = locate(path, d.message);
    problems.push({ key: path + d.message, label: where.label, href: `#${where.href.split('#')[1]}`, onPress: () => focusField(name) });
  }
  return { fieldErrors, problems };
}
