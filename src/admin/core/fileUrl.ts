// Stored files in the browser without the upload inputs (files.tsx): an object URL of a file to show
// (the header's avatar, a news cover) and saving one under its name. Kept apart so that the shell's
// first screen does not carry the form inputs.
import { useEffect, useState } from 'react';
import { downloadFile, downloadNamed, type Areas } from './api.js';

/** Saves bytes in the browser's downloads under `name`. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET /v1/files/{id} saved under the stored file's name (its Content-Disposition). */
export async function saveStoredFile(id: string, module: Areas, fallback = 'arquivo') {
  const { blob, name } = await downloadNamed(`/v1/files/${encodeURIComponent(id)}`, fallback, module);
  saveBlob(blob, name);
}

/** An object URL of the stored file, revoked when no longer shown. */
export function useFileUrl(id: string | null | undefined, module: Areas) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!id) {
      setUrl(null);
      return;
    }
    let objectUrl: string | null = null;
    let cancelled = false;
    setFailed(false);
    downloadFile(id, module)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id, module]);
  return { url, failed };
}
