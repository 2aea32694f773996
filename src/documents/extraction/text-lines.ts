/** Helpers that read labelled values out of a document's text, line by line. */

/** The text's lines, trimmed, inner whitespace collapsed, empty lines dropped. */
export function textLines(text: string): string[] {
  return text.split(/\r?\n/).map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** A line that starts with a label (`Something:`): where a multi-line value ends. */
export function looksLikeLabel(line: string): boolean {
  return /^[A-Za-z][A-Za-z .'()/&-]{1,40}:/.test(line);
}

function labelRegex(labels: readonly string[]): RegExp {
  const alternatives = labels.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')).join('|');
  return new RegExp(`^(?:${alternatives})\\b\\s*(?:[:#\\-–]\\s*|\\s+|$)(.*)$`, 'i');
}

export interface LabelledValue {
  /** The value on the label's line, or (when that is empty) the next line's. */
  value: string;
  /** Index of the line the value starts on. */
  line: number;
}

/**
 * The value after the first of `labels` that starts a line (`Company number: 01234567`, `Company number
 * 01234567`), or on the next line when the label stands alone. Labels are tried in the order given.
 */
export function labelled(lines: string[], labels: readonly string[]): LabelledValue | null {
  for (const label of labels) {
    const re = labelRegex([label]);
    for (let i = 0; i < lines.length; i++) {
      const m = re.exec(lines[i]!);
      if (!m) continue;
      const rest = m[1]!.trim();
      if (rest) return { value: rest, line: i };
      const next = lines[i + 1];
      if (next && !looksLikeLabel(next)) return { value: next, line: i + 1 };
    }
  }
  return null;
}

/**
 * A labelled value that may run over several lines (an address): the label's line, then following lines
 * until a blank, another label, or `maxLines`. The parts are joined with ", ".
 */
export function labelledBlock(lines: string[], labels: readonly string[], maxLines = 4): string | null {
  const first = labelled(lines, labels);
  if (!first) return null;
  const parts = [first.value];
  for (let i = first.line + 1; i < lines.length && parts.length < maxLines; i++) {
    const line = lines[i]!;
    if (looksLikeLabel(line) || !looksLikeAddressPart(line)) break;
    parts.push(line);
  }
  return parts.map((p) => p.replace(/,\s*$/, '')).join(', ');
}

/** Address lines: short, with a digit or a capitalised word, no sentence punctuation. */
function looksLikeAddressPart(line: string): boolean {
  return line.length <= 80 && !/[.!?]$/.test(line) && /^[\p{Lu}\d]/u.test(line) && line.split(' ').length <= 10;
}

/** Text with its lines joined by spaces, for patterns that span line breaks. */
export function flat(lines: string[]): string {
  return lines.join(' ');
}
