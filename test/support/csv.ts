/**
 * A strict RFC 4180 parser for tests: records end with CRLF (the last one too), a field is either plain
 * (no double quote, comma, CR or LF) or quoted (double quotes doubled inside); anything else throws.
 * Returns the records as arrays of fields.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const fail = (why: string) => { throw new Error(`CSV at ${i} (record ${records.length + 1}): ${why}`); };
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) fail('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') { field += '"'; i += 2; continue; }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"' || text[i] === '\n') fail(`bare ${JSON.stringify(text[i])} in a plain field`);
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ',') { i++; continue; }
    if (text[i] === '\r' && text[i + 1] === '\n') { i += 2; records.push(record); record = []; continue; }
    fail(i >= text.length ? 'the last record does not end with CRLF' : `unexpected ${JSON.stringify(text[i])} after a field`);
  }
  return records;
}
