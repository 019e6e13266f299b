import { useState } from 'react';
import { api, toApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/CheckboxField';
import { useToast } from '../../components/Toast';
import { saveFile, safeFileName } from '../../lib/saveFile';
import type { TimeRange } from './Timeline';
import { durationLabel, timeLabel } from './time';

type Progress = { phase: 'preparing' } | { phase: 'downloading'; received: number; total: number | null };

/**
 * The selected range and its export: start and end set at the playhead (or by shift-dragging the timeline), then
 * one MP4 cut by the recorder (stream copy), saved with the progress of the download shown. "For any player"
 * asks for H.264: H.265 footage is transcoded (slower), which phones, editors and browsers without HEVC all play.
 */
export function ExportPanel({
  cameraId,
  cameraName,
  playheadMs,
  selection,
  onSelect,
}: {
  cameraId: number;
  cameraName: string;
  playheadMs: number | null;
  selection: TimeRange | null;
  onSelect: (range: TimeRange | null) => void;
}) {
  const toast = useToast();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [anyPlayer, setAnyPlayer] = useState(false);
  const [evidence, setEvidence] = useState(false);

  const setStart = () => {
    if (playheadMs === null) return;
    const end = selection && selection.endMs > playheadMs ? selection.endMs : playheadMs + 60_000;
    onSelect({ startMs: playheadMs, endMs: end });
  };
  const setEnd = () => {
    if (playheadMs === null) return;
    const start = selection && selection.startMs < playheadMs ? selection.startMs : playheadMs - 60_000;
    onSelect({ startMs: start, endMs: playheadMs });
  };

  async function exportRange(range: TimeRange) {
    setProblem(null);
    setProgress({ phase: 'preparing' });
    // The API takes whole seconds: the nearest ones, so a range drawn to 15 s exports 15 s.
    const start_unix = Math.round(range.startMs / 1000);
    const end_unix = Math.max(start_unix + 1, Math.round(range.endMs / 1000));
    try {
      // The recorder cuts the file first (the wait before the first byte), then sends it: the bar shows the bytes.
      const { response, error } = await api.GET('/api/v1/recordings/{camera_id}/export', {
        params: {
          path: { camera_id: cameraId },
          query: {
            start_unix,
            end_unix,
            ...(evidence ? { evidence: true } : anyPlayer ? { video: 'h264' as const } : {}),
          },
        },
        parseAs: 'stream',
      });
      if (!response.ok || !response.body) throw toApiError(response.status, error);
      const length = Number(response.headers.get('content-length'));
      const total = Number.isFinite(length) && length > 0 ? length : null;
      const parts: Uint8Array<ArrayBuffer>[] = [];
      let received = 0;
      setProgress({ phase: 'downloading', received, total });
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        received += value.byteLength;
        setProgress({ phase: 'downloading', received, total });
      }
      const stamp = new Date(start_unix * 1000)
        .toISOString()
        .slice(0, 19)
        .replace('T', ' ')
        .replaceAll(':', '-');
      const name = `${safeFileName(cameraName)} ${stamp} ${end_unix - start_unix}s`;
      if (evidence) saveFile(new Blob(parts, { type: 'application/zip' }), `${name} evidence.zip`);
      else saveFile(new Blob(parts, { type: 'video/mp4' }), `${name}${anyPlayer ? ' H.264' : ''}.mp4`);
      toast({ title: 'Export saved', description: durationLabel((end_unix - start_unix) * 1000) });
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : 'The export failed.');
    } finally {
      setProgress(null);
    }
  }

  const percent =
    progress?.phase === 'downloading' && progress.total
      ? Math.round((progress.received / progress.total) * 100)
      : null;

  return (
    <section
      aria-labelledby="export-title"
      className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
    >
      <h2 id="export-title" className="text-sm font-semibold">
        Export a range
      </h2>
      <p className="text-sm" data-testid="selection">
        {selection
          ? `From ${timeLabel(selection.startMs)} to ${timeLabel(selection.endMs)} (${durationLabel(selection.endMs - selection.startMs)})`
          : 'No range selected: set its start and end at the playhead, or shift-drag on the timeline.'}
      </p>
      <CheckboxField
        name="export-any-player"
        label="For any player (H.264)"
        hint="H.265 footage is converted, which takes about as long as the range (at most 1 hour); other footage is copied as recorded."
        checked={anyPlayer && !evidence}
        disabled={progress !== null || evidence}
        onChange={setAnyPlayer}
      />
      <CheckboxField
        name="export-evidence"
        label="As evidence (signed ZIP)"
        hint="The original chunks with a signed manifest of their hashes, checked with npm run verify (at most 1 hour)."
        checked={evidence}
        disabled={progress !== null}
        onChange={setEvidence}
      />
      <div className="flex flex-wrap gap-2">
        <Button onClick={setStart} disabled={playheadMs === null}>
          Start at playhead
        </Button>
        <Button onClick={setEnd} disabled={playheadMs === null}>
          End at playhead
        </Button>
        <Button
          tone="primary"
          disabled={!selection || progress !== null}
          onClick={() => selection && void exportRange(selection)}
        >
          {evidence ? 'Export evidence' : 'Export MP4'}
        </Button>
        {selection && (
          <Button tone="quiet" onClick={() => onSelect(null)} disabled={progress !== null}>
            Clear range
          </Button>
        )}
      </div>
      {progress && (
        <div role="status" className="space-y-1 text-sm">
          <progress
            className="w-full"
            aria-label="Export progress"
            max={100}
            {...(percent === null ? {} : { value: percent })}
          />
          <span>
            {progress.phase === 'preparing'
              ? anyPlayer
                ? 'The recorder is cutting the range (and converting H.265 footage)…'
                : 'The recorder is cutting the range…'
              : `Downloading${percent === null ? '' : ` ${percent} %`} (${(progress.received / 1e6).toFixed(1)} MB)`}
          </span>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </section>
  );
}
