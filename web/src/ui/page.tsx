import { useEffect, type ReactNode } from 'react';

/** A page: its heading (the one h1) and the document title, "<title> · <area>". */
export function Page({ title, area, children, lead }: { title: string; area: string; children?: ReactNode; lead?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ${area}`;
  }, [title, area]);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" tabIndex={-1}>{title}</h1>
      {lead ? <p className="lead">{lead}</p> : null}
      {children}
    </section>
  );
}
