import { useState } from 'react';
import { api, toApiError } from '../../api/client';
import type { Camera } from '../../api/types';
import { Button } from '../../components/Button';
import { useToast } from '../../components/Toast';
import { safeFileName, saveFile } from '../../lib/saveFile';

/** "Name 2026-11-24 14-05-09.jpg": sorts by time in a downloads folder. */
function fileName(camera: Camera, at: Date): string {
  const stamp = at.toISOString().slice(0, 19).replace('T', ' ').replaceAll(':', '-');
  return `${safeFileName(camera.name)} ${stamp}.jpg`;
}

/** Saves the camera's current picture as a JPEG (the recorder grabs it from the stream). */
export function SnapshotButton({ camera }: { camera: Camera }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const { data, error, response } = await api.GET('/api/v1/cameras/{id}/snapshot', {
        params: { path: { id: camera.id } },
        parseAs: 'blob',
      });
      if (!response.ok || !data) throw toApiError(response.status, error);
      saveFile(data, fileName(camera, new Date()));
    } catch (error) {
      toast({
        tone: 'error',
        title: 'No snapshot',
        description: error instanceof Error ? error.message : 'The camera sent no picture.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button onClick={() => void download()} disabled={busy}>
      {busy ? 'Taking a snapshot…' : 'Download snapshot'}
    </Button>
  );
}
