// JSON data as people read it: an object as a definition list, nested objects as nested lists, lists of plain
// values joined, yes/no for booleans (extracted document data, the facts a decision policy saw).

/** Nesting beyond this shows the rest as JSON (the data is shallow; this only stops a runaway value). */
const MAX_DEPTH = 4;

/** A value as people read it: text bare, yes/no, lists of plain values joined, objects as nested definition lists. */
export function DataValue({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (value === null || value === undefined || value === '') return <>—</>;
  if (typeof value === 'boolean') return <>{value ? 'Yes' : 'No'}</>;
  if (typeof value !== 'object') return <>{String(value)}</>;
  if (depth >= MAX_DEPTH) return <pre className="json">{JSON.stringify(value, null, 2)}</pre>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <>—</>;
    if (value.every((v) => typeof v !== 'object' || v === null)) return <>{value.map((v) => (v === null ? '—' : String(v))).join(', ')}</>;
    return (
      <ol className="data-list">
        {value.map((v, i) => <li key={i}><DataValue value={v} depth={depth + 1} /></li>)}
      </ol>
    );
  }
  return <DataList data={value as Record<string, unknown>} depth={depth + 1} />;
}

/** An object's fields as a definition list (keys as the data names them). */
export function DataList({ data, depth = 0 }: { data: Record<string, unknown>; depth?: number }) {
  return (
    <dl className={depth ? 'facts facts-nested' : 'facts'}>
      {Object.entries(data).map(([k, v]) => (
        <div key={k} className="facts-row"><dt>{k}</dt><dd><DataValue value={v} depth={depth} /></dd></div>
      ))}
    </dl>
  );
}
