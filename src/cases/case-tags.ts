import type { ValidationDetail } from '../errors';

/** Who a case list's `assignee` filter means: the caller (`me`) or no one (`nobody`). */
export const CASE_ASSIGNEES = ['me', 'nobody'] as const;
export type CaseAssignee = (typeof CASE_ASSIGNEES)[number];

/** A case carries at most this many tags. */
export const MAX_CASE_TAGS = 20;
/** A tag is at most this many characters. */
export const MAX_TAG_LENGTH = 40;
/** Letters or digits first, then letters, digits, spaces, `-`, `_`, `:` or `.`. */
const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} _:.-]*$/u;

export const CASE_TAG_DESCRIPTION = `A tag: 1 to ${MAX_TAG_LENGTH} characters, letters or digits first, then letters, digits, spaces, -, _, : or .; `
  + 'stored in lower case with inner spaces collapsed.';

/** A tag as stored: trimmed, inner whitespace collapsed, lower case. */
export const normalTag = (tag: string): string => tag.trim().replace(/\s+/g, ' ').toLowerCase();

/** The problem of one normalised tag, or null. */
function tagProblem(tag: string): string | null {
  if (tag.length === 0) return 'must not be blank';
  if (tag.length > MAX_TAG_LENGTH) return `must be at most ${MAX_TAG_LENGTH} characters long`;
  if (!TAG_PATTERN.test(tag)) return 'must start with a letter or digit and hold only letters, digits, spaces, -, _, : or .';
  return null;
}

/**
 * The tags of a case as setCaseTags stores them: normalised (normalTag), distinct, sorted; each problem
 * (a bad tag at `path[i]`, too many at `path`) pushed to details.
 */
export function caseTagsOf(tags: readonly string[], path: string, details: ValidationDetail[]): string[] {
  const out = new Set<string>();
  tags.forEach((raw, i) => {
    const tag = normalTag(String(raw));
    const problem = tagProblem(tag);
    if (problem) details.push({ path: `${path}[${i}]`, message: problem });
    else out.add(tag);
  });
  if (out.size > MAX_CASE_TAGS) details.push({ path, message: `must hold at most ${MAX_CASE_TAGS} distinct tags` });
  return [...out].sort();
}

/** The list filter's tags (caseTagsOf's rules), or undefined when none is given. */
export function tagsFilterOf(tags: readonly string[] | undefined, path: string, details: ValidationDetail[]): string[] | undefined {
  if (!tags?.length) return undefined;
  const out = caseTagsOf(tags, path, details);
  return out.length ? out : undefined;
}
