import { useState } from 'react';
import { FileTrigger, Button } from 'react-aria-components';
import type { RequestError } from '../lib/graphql';
import { trpc } from '../lib/trpc';
import { useRequest } from '../lib/use-request';
import { Page } from '../ui/page';
import { ErrorNotice, Loading } from '../ui/status';
import { AREA, usePortalSession } from './session';
import { checkFile, formatBytes, TYPE_NAMES, uploadBatch, type UploadLimits } from './upload';

const loadItems = () => Promise.all([trpc.requests.list.query(), trpc.documents.list.query()]);

const STATUS_WORDS: Record<string, string> = { outstanding: 'Needed', received: 'Received', waived: 'No longer needed' };

/**
 * The requested items (EDD evidence, document requests): where the link of a request or reminder email
 * lands. Each outstanding item has its own upload; a file sent against an item marks it received.
 */
export function EvidencePage() {
  const { ended } = usePortalSession();
  const [version, setVersion] = useState(0);
  const data = useRequest(loadItems, `requests.list|${version}`, ended);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<{ ref: string; error: RequestError | string } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function upload(ref: string, label: string, files: File[], limits: UploadLimits) {
    if (!files.length || busy) return;
    setDone(null);
    setError(null);
    for (const f of files) {
      const why = await checkFile(f, limits);
      if (why) {
        setError({ ref, error: why });
        return;
      }
    }
    setBusy(ref);
    try {
      await uploadBatch(files, () => undefined, undefined, ref);
      setDone(`Thank you: ${label} was received.`);
    } catch (e) {
      ended(e as RequestError);
      setError({ ref, error: e as RequestError });
    } finally {
      setBusy(null);
      setVersion((v) => v + 1);
    }
  }

  return (
    <Page title="Requested information" area={AREA} lead="Upload a document for each item we asked you for.">
      {data.status === 'loading' ? <Loading label="Loading what we asked for…" /> : null}
      {data.status === 'error' ? <ErrorNotice error={data.error} onRetry={data.reload} /> : null}
      <div role="status" aria-live="polite">{done ? <p className="notice notice-ok">{done}</p> : null}</div>
      {data.status === 'done' ? (() => {
        const [{ items, open }, docs] = data.data;
        const limits = docs.limits;
        const accepted = [...new Set(limits.acceptedMimeTypes.map((t) => TYPE_NAMES[t] ?? t))].join(', ');
        if (!items.length) return <p className="empty">Nothing has been requested from you.</p>;
        return (
          <>
            {!open ? <p className="notice notice-neutral">Your application is closed; nothing more can be uploaded.</p> : null}
            <p className="field-hint">{accepted} files, up to {formatBytes(limits.maxFileBytes)} each.</p>
            <ul className="doc-list" aria-label="Requested items">
              {items.map((i) => (
                <li key={i.ref} className="doc" data-testid={`item-${i.ref}`}>
                  <span className="doc-name">{i.label}</span>
                  <span className={i.status === 'outstanding' ? 'badge badge-warn' : 'badge badge-ok'}>{STATUS_WORDS[i.status] ?? i.status}</span>
                  {open && i.status === 'outstanding' ? (
                    <FileTrigger onSelect={(files) => void upload(i.ref, i.label, files ? [...files] : [], limits)}
                      acceptedFileTypes={[...limits.acceptedMimeTypes, '.pdf', '.jpg', '.jpeg', '.png', '.heic']}>
                      <Button className="button button-primary" isDisabled={busy !== null} aria-label={`Upload ${i.label}`}>
                        {busy === i.ref ? 'Uploading…' : 'Upload'}
                      </Button>
                    </FileTrigger>
                  ) : null}
                  {error?.ref === i.ref ? (
                    typeof error.error === 'string' ? <p className="field-error" role="alert">{error.error}</p> : <ErrorNotice error={error.error} />
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        );
      })() : null}
    </Page>
  );
}
