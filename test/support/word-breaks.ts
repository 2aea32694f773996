import type { Page } from 'playwright-core';

/**
 * The words (letters only, two or more: "Unassigned", "assessed", "Documents") that the page shows split
 * across two lines, with the text they are in: for each visible text node under `root`, a Range over each
 * word and the number of line boxes its client rects sit on. Email addresses, ids and file names are not
 * words here (they may wrap when they cannot fit). Evaluated in the page as a string (the tests compile
 * without the DOM's types, and the page's CSP forbids eval of the page's own).
 */
export async function splitWords(page: Page, root = 'main'): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const out = [];
    const rootEl = document.querySelector(${JSON.stringify(root)});
    if (!rootEl) return ['no ' + ${JSON.stringify(root)}];
    const walker = document.createTreeWalker(rootEl, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent || '';
      const re = /(^|[\\s(“"'·,;:])([A-Za-z]{2,})(?=$|[\\s)”"'·,;:.!?])/g;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        const start = m.index + m[1].length;
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + m[2].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) out.push(m[2] + ' in "' + text.trim().slice(0, 60) + '"');
      }
    }
    return out;
  })()`);
}
