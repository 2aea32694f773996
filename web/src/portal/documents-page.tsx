import { useState } from 'react';
import { Button, DropZone, FileTrigger, isFileDropItem, Label, Link, ProgressBar, Text } from 'react-aria-components';
import type { RequestError } from '../lib/graphql';
import { trpc } from '../lib/trpc';
import { useAction, useRequest } from '../lib/use-request';
import { ErrorNotice, Loading } from '../ui/status';
import { BusyButton, useFocusFromHash } from './fields';
import { usePortalSession } from './session';
import { StepPage } from './stepper';
import { checkFile, formatBytes, TYPE_NAMES, uploadBatch, type UploadLimits } from './upload';

const loadDocuments = () => trpc.documents.list.query();
const removeDocument = (id: number) => trpc.documents.remove.mutate({ id });

interface Sending {
  name: string;
  size: number;
  progress: number;
}

/**
 * Step 3: documents. Drag and drop or a file picker; each file is checked before sending (its type read
 * from its bytes, its size and the case's count against the limits documents.list gives); the batch goes
 * up in one request with a progress bar per file. Documents can be removed until the application is submitted.
 */
export function DocumentsPage() {
  const { reload: reloadSession, ended } = usePortalSession();
  const list = useRequest(loadDocuments, 'documents.list', ended);
  const [refused, setRefused] = useState<string[]>([]);
  const [sending, setSending] = useState<Sending[]>([]);
  const [uploadError, setUploadError] = useState<RequestError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const remove = useAction(removeDocument, ended);
  useFocusFromHash(list.status === 'done');

  async function take(files: File[]) {
    if (list.status !== 'done' || !files.length || sending.length) return;
    const limits: UploadLimits = list.data.limits;
    setDone(null);
    setUploadError(null);
    const problems: string[] = [];
    const ok: File[] = [];
    for (const file of files) {
      const why = await checkFile(file, limits);
      if (why) problems.push(why);
      else ok.push(file);
    }
    const room = limits.maxDocuments - list.data.documents.length;
    if (ok.length > room) {
      problems.push(room <= 0
        ? `A case can hold ${limits.maxDocuments} documents; remove one to add another.`
        : `A case can hold ${limits.maxDocuments} documents: only ${room} more can be added, so ${ok.length - room} ${ok.length - room === 1 ? 'file was' : 'files were'} not sent.`);
      ok.splice(room);
    }
    setRefused(problems);
    if (!ok.length) return;
    setSending(ok.map((f) => ({ name: f.name, size: f.size, progress: 0 })));
    try {
      const uploaded = await uploadBatch(ok, (perFile) => setSending((old) => old.map((s, i) => ({ ...s, progress: perFile[i] ?? s.progress }))));
      setDone(`${uploaded.length === 1 ? `${uploaded[0]!.filename} was` : `${uploaded.length} documents were`} uploaded.`);
    } catch (e) {
      const error = e as RequestError;
      ended(error);
      setUploadError(error);
    } finally {
      setSending([]);
      list.reload();
      void reloadSession();
    }
  }

  async function removeOne(id: number, filename: string) {
    setDone(null);
    const result = await remove.run(id);
    if (result !== undefined) {
      setDone(`${filename} was removed.`);
      list.reload();
      void reloadSession();
    }
  }

  const accepted = list.status === 'done' ? [...new Set(list.data.limits.acceptedMimeTypes.map((t) => TYPE_NAMES[t] ?? t))].join(', ') : '';
  return (
    <StepPage step="documents" title="Documents" lead="Upload the company's documents: for example the certificate of incorporation, and an identity document for each director and owner.">
      {list.status === 'loading' ? <Loading label="Loading your documents…" /> : null}
      {list.status === 'error' ? <ErrorNotice error={list.error} onRetry={list.reload} /> : null}
      {list.status === 'done' ? (
        <>
          <div id="field-documents">
          <DropZone className="dropzone"
            getDropOperation={() => (sending.length ? 'cancel' : 'copy')}
            onDrop={async (e) => take(await Promise.all(e.items.filter(isFileDropItem).map((item) => item.getFile())))}>
            <Text slot="label" className="dropzone-label">Drag files here, or</Text>
            <FileTrigger allowsMultiple onSelect={(files) => void take(files ? [...files] : [])}
              acceptedFileTypes={[...list.data.limits.acceptedMimeTypes, '.pdf', '.jpg', '.jpeg', '.png', '.heic']}>
              <Button className="button button-primary" isDisabled={sending.length > 0}>Choose files</Button>
            </FileTrigger>
            <p className="field-hint">{accepted} files, up to {formatBytes(list.data.limits.maxFileBytes)} each, {list.data.limits.maxDocuments} documents at most.</p>
          </DropZone>
          </div>

          <div role="alert" className="alert-region">
            {refused.length ? (
              <div className="notice notice-error">
                <p className="notice-title">{refused.length === 1 ? 'This file was not sent' : 'These files were not sent'}</p>
                <ul>{refused.map((r) => <li key={r}>{r}</li>)}</ul>
              </div>
            ) : null}
          </div>
          {uploadError ? <ErrorNotice error={uploadError} /> : null}
          {remove.error ? <ErrorNotice error={remove.error} /> : null}
          <div role="status" aria-live="polite">{done ? <p className="notice notice-ok">{done}</p> : null}</div>

          {sending.length ? (
            <ul className="uploads" aria-label="Uploading">
              {sending.map((s) => (
                <li key={s.name + s.size}>
                  <ProgressBar className="progress" value={Math.round(s.progress * 100)}>
                    {({ valueText }) => (
                      <>
                        <Label className="progress-label">{s.name} <span className="muted">({formatBytes(s.size)})</span></Label>
                        <span className="progress-value">{valueText}</span>
                        <div className="progress-track"><div className="progress-fill" style={{ width: `${Math.round(s.progress * 100)}%` }} /></div>
                      </>
                    )}
                  </ProgressBar>
                </li>
              ))}
            </ul>
          ) : null}

          <h2>Your documents</h2>
          {list.data.documents.length === 0 ? (
            <p className="empty">No documents yet.</p>
          ) : (
            <ul className="doc-list">
              {list.data.documents.map((d) => (
                <li key={d.id} className="doc">
                  <span className="doc-name">{d.filename}</span>
                  <span className="muted">{TYPE_NAMES[d.mimeType] ?? d.mimeType}, {formatBytes(d.sizeBytes)}</span>
                  <BusyButton className="button button-quiet" label={`Remove ${d.filename}`} busy={remove.pending} busyLabel="Removing…"
                    onPress={() => void removeOne(d.id, d.filename)}>Remove</BusyButton>
                </li>
              ))}
            </ul>
          )}
          <div className="actions">
            <Link className="button button-primary" href="/portal/app/review">Continue to review</Link>
          </div>
        </>
      ) : null}
    </StepPage>
  );
}
