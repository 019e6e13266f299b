import { useState, type CSSProperties, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { requestBounds } from '../../api/bounds';
import { ApiError } from '../../api/client';
import type { Camera, Layout } from '../../api/types';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/CheckboxField';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import {
  fillGrid,
  fits,
  layoutIdFor,
  placed,
  stored,
  tileAt,
  withinGrid,
  type PlacedTile,
} from '../../lib/layoutGrid';
import { useBoundedForm } from '../../lib/useBoundedForm';
import { ALL_CAMERAS, useCameras } from '../cameras/queries';
import { NotFound } from '../shell/NotFound';
import { useLayout, useLayouts, useSaveLayout } from './queries';

const SIZES = [
  [1, 1],
  [1, 2],
  [2, 1],
  [2, 2],
  [3, 3],
] as const;

/** `/layouts/new` and `/layouts/:layoutId/edit`: the editor, once what it edits has loaded. */
export function LayoutEditorPage() {
  const id = useParams().layoutId ?? null;
  const layout = useLayout(id);
  const layouts = useLayouts();
  const cameras = useCameras({ limit: ALL_CAMERAS });
  if (id !== null && layout.error instanceof ApiError && layout.error.status === 404) {
    return <NotFound what="layout" />;
  }
  const pending = [cameras, layouts, ...(id === null ? [] : [layout])];
  const failed = pending.find((query) => query.isError);
  if (failed) return <ErrorState message={failed.error.message} onRetry={() => void failed.refetch()} />;
  if (pending.some((query) => query.isPending)) return <Spinner label="Loading…" />;
  return (
    <LayoutEditor
      existing={id === null ? null : layout.data!}
      cameras={cameras.data!.cameras}
      takenIds={new Set(layouts.data!.layouts.map((saved) => saved.id))}
    />
  );
}

/**
 * Name, grid size and which camera goes in which cell. Choosing a camera that already has a cell swaps the two,
 * so reordering a wall is two choices, with a keyboard as with a pointer.
 */
function LayoutEditor({
  existing,
  cameras,
  takenIds,
}: {
  existing: Layout | null;
  cameras: Camera[];
  takenIds: ReadonlySet<string>;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveLayout(existing?.id ?? null);
  const form = useBoundedForm('createLayout', {
    name: existing?.name ?? '',
    description: existing?.description ?? '',
  });
  const [enabled, setEnabled] = useState(existing?.enabled ?? true);
  const [columns, setColumns] = useState(existing?.grid_columns ?? 2);
  const [rows, setRows] = useState(existing?.grid_rows ?? 2);
  const [tiles, setTiles] = useState<PlacedTile[]>(
    existing
      ? existing.tiles.map(placed)
      : fillGrid(
          cameras.map((camera) => camera.id),
          2,
          2,
        ),
  );
  const [dropped, setDropped] = useState(0);
  const { minimum: minSide, maximum: maxSide } = requestBounds.createLayout.grid_columns;
  const sideOptions = Array.from({ length: maxSide - minSide + 1 }, (_, index) => ({
    value: String(minSide + index),
    label: String(minSide + index),
  }));
  const cameraOptions = [
    { value: '', label: 'Empty' },
    ...cameras.map((camera) => ({ value: String(camera.id), label: camera.name })),
  ];

  function resize(nextColumns: number, nextRows: number) {
    const kept = withinGrid(tiles, nextColumns, nextRows);
    setDropped((count) => count + tiles.length - kept.length);
    setTiles(kept);
    setColumns(nextColumns);
    setRows(nextRows);
  }

  function choose(row: number, col: number, cameraId: number | null) {
    setTiles((current) => {
      const here = current.find((tile) => tile.row === row && tile.col === col);
      const elsewhere = cameraId === null ? undefined : current.find((tile) => tile.cameraId === cameraId);
      return current
        .flatMap((tile) => {
          if (tile === here) return cameraId === null ? [] : [{ ...tile, cameraId }];
          if (tile === elsewhere) return here?.cameraId ? [{ ...tile, cameraId: here.cameraId }] : [];
          return [tile];
        })
        .concat(here || cameraId === null ? [] : [{ row, col, rowSpan: 1, colSpan: 1, cameraId }]);
    });
  }

  function resizeTile(tile: PlacedTile, rowSpan: number, colSpan: number) {
    setTiles((current) => current.map((other) => (other === tile ? { ...tile, rowSpan, colSpan } : other)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    const body = {
      id: existing?.id ?? layoutIdFor(form.values.name, takenIds),
      name: form.values.name,
      description: form.values.description || null,
      enabled,
      grid_columns: columns,
      grid_rows: rows,
      tiles: tiles.map(stored),
    };
    try {
      const saved = await save.mutateAsync(body);
      toast({ title: `Layout “${saved.name}” saved` });
      void navigate(`/live/layout/${encodeURIComponent(saved.id)}`);
    } catch (error) {
      form.showError(error);
    }
  }

  const cells: { row: number; col: number; tile: PlacedTile | undefined }[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < columns; col++) {
      const tile = tileAt(tiles, row, col);
      if (!tile || (tile.row === row && tile.col === col)) cells.push({ row, col, tile });
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-labelledby="editor-title"
      className="mx-auto max-w-4xl space-y-5"
      noValidate
    >
      <h1 id="editor-title" className="text-xl font-semibold">
        {existing ? `Edit layout “${existing.name}”` : 'New layout'}
      </h1>
      <FormError message={form.formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" {...form.field('name')} />
        <TextField label="Description (optional)" {...form.field('description')} />
        <SelectField
          label="Columns"
          name="grid_columns"
          value={columns}
          options={sideOptions}
          onChange={(event) => resize(Number(event.target.value), rows)}
        />
        <SelectField
          label="Rows"
          name="grid_rows"
          value={rows}
          options={sideOptions}
          onChange={(event) => resize(columns, Number(event.target.value))}
        />
      </div>
      <CheckboxField
        name="enabled"
        label="Show in the live view"
        hint="A hidden layout keeps its arrangement but has no tab on the live page."
        checked={enabled}
        onChange={setEnabled}
      />
      {dropped > 0 && (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
          {dropped} tile{dropped === 1 ? '' : 's'} no longer fit the grid and will be removed when you save.
        </p>
      )}
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Cameras in the grid</legend>
        <div
          className="grid grid-cols-1 gap-2 sm:grid-cols-[repeat(var(--columns),minmax(0,1fr))]"
          style={{ '--columns': columns } as CSSProperties}
        >
          {cells.map(({ row, col, tile }) => (
            <div
              key={`${row}:${col}`}
              className="space-y-2 rounded-lg border border-dashed border-slate-400 p-2 sm:[grid-column:var(--col)/span_var(--col-span)] sm:[grid-row:var(--row)/span_var(--row-span)] dark:border-slate-600"
              style={
                {
                  '--row': row + 1,
                  '--col': col + 1,
                  '--row-span': tile?.rowSpan ?? 1,
                  '--col-span': tile?.colSpan ?? 1,
                } as CSSProperties
              }
            >
              <SelectField
                label={`Row ${row + 1}, column ${col + 1}`}
                value={tile?.cameraId ?? ''}
                options={
                  tile?.cameraId && !cameras.some((camera) => camera.id === tile.cameraId)
                    ? [
                        ...cameraOptions,
                        { value: String(tile.cameraId), label: 'Camera no longer available' },
                      ]
                    : cameraOptions
                }
                onChange={(event) => choose(row, col, event.target.value ? Number(event.target.value) : null)}
              />
              {tile && (
                <SelectField
                  label={`Size of row ${row + 1}, column ${col + 1}`}
                  value={`${tile.rowSpan}x${tile.colSpan}`}
                  options={[
                    ...(SIZES.some(([r, c]) => r === tile.rowSpan && c === tile.colSpan)
                      ? []
                      : [[tile.rowSpan, tile.colSpan] as const]),
                    ...SIZES,
                  ]
                    .filter(
                      ([rowSpan, colSpan]) =>
                        (rowSpan === tile.rowSpan && colSpan === tile.colSpan) ||
                        fits(tiles, { ...tile, rowSpan, colSpan }, columns, rows),
                    )
                    .map(([rowSpan, colSpan]) => ({
                      value: `${rowSpan}x${colSpan}`,
                      label: `${colSpan} wide × ${rowSpan} high`,
                    }))}
                  onChange={(event) => {
                    const [rowSpan, colSpan] = event.target.value.split('x').map(Number);
                    resizeTile(tile, rowSpan!, colSpan!);
                  }}
                />
              )}
            </div>
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button onClick={() => void navigate(-1)}>Cancel</Button>
        <Button tone="primary" type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save layout'}
        </Button>
      </div>
    </form>
  );
}
