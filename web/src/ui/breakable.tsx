import { Fragment } from 'react';

/**
 * A long unbroken string (an email address, a dotted identifier) that may wrap on a narrow screen only after its
 * `@`, `.`, `_` or `-`, never in the middle of a part: a line break opportunity (<wbr>) after each.
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[@._-])/);
  return <>{parts.map((p, i) => <Fragment key={i}>{p}{i < parts.length - 1 ? <wbr /> : null}</Fragment>)}</>;
}
