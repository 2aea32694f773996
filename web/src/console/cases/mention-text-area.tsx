import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

export interface Mentionable {
  id: string;
  name?: string | null;
  email: string;
}

/** The most members the completion lists at once. */
const SHOWN = 8;

/** The most words of a name the completion follows after `@` (`@Nora Smith-Jones` is three). */
const NAME_WORDS = 4;

/**
 * The mention being typed just before the caret (where its `@` is, and what follows it, lower case with single
 * spaces), or null: `@` at the start or after whitespace, then up to NAME_WORDS words of a name or an email.
 */
function typedMention(value: string, caret: number): { start: number; query: string } | null {
  const m = new RegExp(`(^|\\s)@([^\\s@]*(?: [^\\s@]*){0,${NAME_WORDS - 1}})$`).exec(value.slice(0, caret));
  return m ? { start: caret - m[2]!.length - 1, query: m[2]!.toLowerCase() } : null;
}

/**
 * Whether a member matches what is typed: a query of one word anywhere in their name or email; of several
 * words (`nora sm`), in their name. Names that start with the query come first (see matching).
 */
function matchesQuery(m: Mentionable, query: string): boolean {
  const name = (m.name ?? '').toLowerCase().replace(/\s+/g, ' ');
  return query.includes(' ') ? name.includes(query) : name.includes(query) || m.email.toLowerCase().includes(query);
}

/** The members matching the query, those whose name or email starts with it first, at most SHOWN. */
function matching(members: readonly Mentionable[], query: string): Mentionable[] {
  const all = members.filter((m) => matchesQuery(m, query));
  const starts = (m: Mentionable) => (m.name ?? '').toLowerCase().replace(/\s+/g, ' ').startsWith(query) || m.email.toLowerCase().startsWith(query);
  return [...all.filter(starts), ...all.filter((m) => !starts(m))].slice(0, SHOWN);
}

/**
 * A multi-line text field whose `@` completes members' names (one or several words: `@nora sm`) and emails as
 * the member types (the WAI-ARIA combobox pattern on a text area, as editors with mentions do it): the list of
 * matches is a listbox the field controls (`aria-controls`), the highlighted option its `aria-activedescendant`;
 * Up and Down move, Enter or Tab insert `@email` (one member for good, whatever names they share), Escape
 * closes the list; a live region says how many match. A click on an option inserts it too. (A note may also
 * say `@Full Name`: the server stores it as the email, or refuses a name two members share.)
 */
export function MentionTextArea({ label, hint, value, onChange, members, name, maxLength }: {
  label: string; hint: string; value: string; onChange: (value: string) => void; members: readonly Mentionable[]; name: string; maxLength: number;
}) {
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [placeCaret, setPlaceCaret] = useState<number | null>(null);

  const typed = typedMention(value, caret);
  const matches = typed ? matching(members, typed.query) : [];
  const open = typed !== null && dismissedAt !== typed.start && matches.length > 0;
  const current = Math.min(active, Math.max(0, matches.length - 1));

  useLayoutEffect(() => {
    if (placeCaret === null || !ref.current) return;
    ref.current.setSelectionRange(placeCaret, placeCaret);
    setPlaceCaret(null);
  }, [placeCaret]);

  const follow = () => setCaret(ref.current?.selectionStart ?? 0);
  const insert = (m: Mentionable) => {
    if (!typed) return;
    const text = `@${m.email} `;
    const next = value.slice(0, typed.start) + text + value.slice(caret);
    onChange(next);
    setCaret(typed.start + text.length);
    setPlaceCaret(typed.start + text.length);
    setActive(0);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((current + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      insert(matches[current]!);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setDismissedAt(typed!.start);
    }
  };
  const option = (i: number) => `${id}-option-${i}`;
  const who = (m: Mentionable) => m.name ?? m.email;

  return (
    <div className="field mention-field">
      <label htmlFor={`${id}-input`}>{label}</label>
      <textarea
        ref={ref}
        id={`${id}-input`}
        name={name}
        rows={4}
        maxLength={maxLength}
        value={value}
        aria-autocomplete="list"
        aria-controls={open ? `${id}-list` : undefined}
        aria-activedescendant={open ? option(current) : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={(e) => {
          if (!['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'].includes(e.key) || !open) follow();
        }}
        onClick={follow}
        onBlur={() => setDismissedAt(typed?.start ?? null)}
        onFocus={() => setDismissedAt(null)}
      />
      <span id={`${id}-hint`} className="field-hint">{hint}</span>
      {open ? (
        <ul id={`${id}-list`} role="listbox" aria-label="Members to mention" className="mention-list">
          {matches.map((m, i) => (
            <li
              key={m.id}
              id={option(i)}
              role="option"
              aria-selected={i === current}
              className={i === current ? 'mention-option mention-option-active' : 'mention-option'}
              onMouseDown={(e) => {
                e.preventDefault();
                insert(m);
              }}
            >
              <span className="mention-name">{who(m)}</span> <span className="mention-email">{m.email}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <span className="visually-hidden" role="status" aria-live="polite">
        {open ? `${matches.length} ${matches.length === 1 ? 'member matches' : 'members match'}; ${who(matches[current]!)} highlighted. Up and Down choose, Enter inserts.` : ''}
      </span>
    </div>
  );
}
