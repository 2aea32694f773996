/**
 * Reads CSV (RFC 4180, as csvLine writes it and as spreadsheet programs save it) one record at a time: cells
 * separated by commas, a quoted cell may hold commas, line breaks and doubled quotes, records end at CRLF, LF or
 * CR. A UTF-8 byte order mark before the first cell is dropped, and so are blank lines. Nothing is held but the
 * record being read: the caller may stop after as many records as it takes.
 */
export function* csvRecords(text: string): Generator<string[]> {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    let atCellStart = true;
    for (; i < text.length; i++) {
      const ch = text[i]!;
      if (quoted) {
        if (ch === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i++;
          } else quoted = false;
        } else cell += ch;
      } else if (ch === '"' && atCellStart) {
        quoted = true;
        atCellStart = false;
      } else if (ch === ',') {
        cells.push(cell);
        cell = '';
        atCellStart = true;
      } else if (ch === '\r' || ch === '\n') {
        i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
        break;
      } else {
        cell += ch;
        atCellStart = false;
      }
    }
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') yield cells;
  }
}
