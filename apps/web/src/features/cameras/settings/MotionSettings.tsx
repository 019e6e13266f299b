// A camera's motion detection: on/off, sensitivity, smallest area, pictures per second and masks, with the motion
// tuner — the camera's picture (a snapshot fetched again a second after each arrives) with the moving areas the
// recorder's motion watch found in its newest analysed picture drawn over it (GET …/motion/boxes, asked twice a
// second: the recorder keeps them in memory, not on the event log, where one event per picture would not belong).
// The tuner shows what the saved settings find; saving restarts the watch with the new ones at once.
import { useState, type FormEvent } from 'react';
import { requestBounds } from '../../../api/bounds';
import type { Camera } from '../../../api/types';
import { Button } from '../../../components/Button';
import { CheckboxField } from '../../../components/CheckboxField';
import { ErrorState } from '../../../components/ErrorState';
import { FormError } from '../../../components/FormError';
import { Spinner } from '../../../components/Spinner';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/Toast';
import { CameraPicture } from './CameraPicture';
import { problemOf, saveProblems, unplacedProblems, type SaveProblems } from './errors';
import type { Polygon } from './geometry';
import { DrawControls, PointFields, PolygonEditor } from './PolygonEditor';
import {
  useMotionBoxes,
  useMotionSettings,
  useSaveMotionSettings,
  type MotionBoxes,
  type MotionSettings as Settings,
} from './queries';

const BOUNDS = requestBounds.replaceCameraMotion;
const MAX_MASKS = BOUNDS.masks.maxItems;
/** Boxes of a picture older than this are not drawn: the watch has stopped seeing pictures. */
const FRESH_MS = 3_000;

interface Values {
  enabled: boolean;
  /** 256 − threshold: higher is more sensitive, as people expect of a slider named so */
  sensitivity: number;
  /** per cent of the picture */
  minArea: string;
  fps: string;
}

function valuesOf(settings: Settings): Values {
  return {
    enabled: settings.enabled,
    sensitivity: 256 - settings.threshold,
    minArea: String(Math.round(settings.min_area * 100 * 10_000) / 10_000),
    fps: String(settings.fps),
  };
}

/** The client's own check of the number fields against the recorder's bounds; the recorder checks again. */
function fieldProblems(values: Values): Record<string, string> {
  const problems: Record<string, string> = {};
  const area = Number(values.minArea);
  const [minArea, maxArea] = [BOUNDS.min_area.minimum * 100, BOUNDS.min_area.maximum * 100];
  if (values.minArea.trim() === '' || !(area >= minArea && area <= maxArea))
    problems.min_area = `Between ${minArea} and ${maxArea} %.`;
  const fps = Number(values.fps);
  if (values.fps.trim() === '' || !(fps >= BOUNDS.fps.minimum && fps <= BOUNDS.fps.maximum))
    problems.fps = `Between ${BOUNDS.fps.minimum} and ${BOUNDS.fps.maximum} pictures per second.`;
  return problems;
}

function MotionBoxesOverlay({ boxes }: { boxes: MotionBoxes | undefined }) {
  if (boxes?.age_ms == null || boxes.age_ms > FRESH_MS) return null;
  return (
    <>
      {boxes.boxes.map((box, index) => (
        <rect
          key={index}
          data-testid="motion-box"
          x={box.x}
          y={box.y}
          width={box.width}
          height={box.height}
          fill="rgb(239 68 68 / 0.15)"
          stroke="#ef4444"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </>
  );
}

/** What the tuner sees, in words (not a live region: it changes twice a second). */
function tunerState(saved: Settings, boxes: MotionBoxes | undefined): string {
  if (!saved.enabled) return 'Motion detection is off: switch it on and save to see what it finds.';
  if (!boxes) return 'Asking the recorder what it sees…';
  if (!boxes.watching)
    return 'The recorder is not watching this camera for motion (is the camera reachable?).';
  if (boxes.age_ms === null) return 'Waiting for the first analysed picture…';
  if (boxes.age_ms > FRESH_MS) return 'No analysed picture for a few seconds.';
  const count = boxes.boxes.length;
  return count === 0
    ? 'Nothing moves in the newest analysed picture.'
    : `${count} moving ${count === 1 ? 'area' : 'areas'} in the newest analysed picture (red).`;
}

function MotionForm({
  camera,
  settings,
  readOnly,
}: {
  camera: Camera;
  settings: Settings;
  readOnly: boolean;
}) {
  const [values, setValues] = useState(() => valuesOf(settings));
  const [masks, setMasks] = useState<Polygon[]>(() => settings.masks as Polygon[]);
  const [selected, setSelected] = useState<number | null>(null);
  const [drawing, setDrawing] = useState<Polygon | null>(null);
  const [clientProblems, setClientProblems] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<SaveProblems | null>(null);
  const save = useSaveMotionSettings(camera.id);
  const boxes = useMotionBoxes(camera.id, 500, settings.enabled);
  const toast = useToast();

  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  const addMask = (points: Polygon) => {
    setMasks((current) => [...current, points]);
    setSelected(masks.length);
  };
  const changeMask = (index: number, points: Polygon) =>
    setMasks((current) => current.map((mask, i) => (i === index ? points : mask)));
  const deleteMask = (index: number) => {
    setMasks((current) => current.filter((_, i) => i !== index));
    setSelected(null);
  };
  const cancel = () => {
    setValues(valuesOf(settings));
    setMasks(settings.masks as Polygon[]);
    setSelected(null);
    setDrawing(null);
    setClientProblems({});
    setProblems(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldProblems(values);
    setClientProblems(found);
    if (Object.keys(found).length > 0) {
      setProblems({ fields: {}, message: 'Some fields need attention.' });
      return;
    }
    setProblems(null);
    try {
      await save.mutateAsync({
        enabled: values.enabled,
        threshold: 256 - values.sensitivity,
        min_area: Math.round((Number(values.minArea) / 100) * 1_000_000) / 1_000_000,
        fps: Number(values.fps),
        masks,
      });
      setDrawing(null);
      toast({ title: 'Motion settings saved' });
    } catch (error) {
      setProblems(saveProblems(error));
    }
  };

  const threshold = 256 - values.sensitivity;
  const problem = (field: string) => clientProblems[field] ?? problemOf(problems, field);

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      <section aria-labelledby="tuner-title" className="space-y-2">
        <h2 id="tuner-title" className="text-base font-semibold">
          Motion tuner and masks
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Red boxes: what the saved settings count as motion now. Masked areas (shaded) never count — a tree
          in the wind, a clock in the picture.
        </p>
        <CameraPicture cameraId={camera.id} refreshMs={1_000} label={`The picture of ${camera.name}`}>
          <PolygonEditor
            shapes={masks.map((points, index) => ({ name: `Mask ${index + 1}`, points }))}
            selected={selected}
            onSelect={setSelected}
            onChange={changeMask}
            onAdd={addMask}
            readOnly={readOnly}
            noun="mask"
            tone="mask"
            drawing={drawing}
            onDrawing={setDrawing}
          >
            {settings.enabled && <MotionBoxesOverlay boxes={boxes.data} />}
          </PolygonEditor>
        </CameraPicture>
        <p className="text-sm" data-testid="tuner-state">
          {tunerState(settings, boxes.data)}
        </p>
        {!readOnly && (
          <DrawControls
            noun="mask"
            drawing={drawing}
            canAdd={masks.length < MAX_MASKS}
            onDrawing={setDrawing}
            onStart={() => setSelected(null)}
            onAdd={addMask}
          />
        )}
        {masks.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No masks: the whole picture counts.</p>
        ) : (
          <ul aria-label="Masks" className="space-y-3">
            {masks.map((points, index) => (
              <li
                key={index}
                className={`space-y-2 rounded-md border p-3 ${index === selected ? 'border-yellow-500' : 'border-slate-200 dark:border-slate-800'}`}
                onFocus={() => setSelected(index)}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="text-sm font-semibold">Mask {index + 1}</h3>
                  {!readOnly && (
                    <Button tone="quiet" className="ml-auto" onClick={() => deleteMask(index)}>
                      Delete mask {index + 1}
                    </Button>
                  )}
                </div>
                {problemOf(problems, `masks.${index}`) && (
                  <p className="text-sm text-red-700 dark:text-red-300" role="alert">
                    {problemOf(problems, `masks.${index}`)}
                  </p>
                )}
                <details>
                  <summary className="cursor-pointer text-sm">Points as numbers</summary>
                  <div className="pt-2">
                    <PointFields
                      title={`Mask ${index + 1}`}
                      points={points}
                      readOnly={readOnly}
                      onChange={(next) => changeMask(index, next)}
                    />
                  </div>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="motion-title" className="space-y-4">
        <h2 id="motion-title" className="text-base font-semibold">
          Detection
        </h2>
        <CheckboxField
          name="motion-enabled"
          label="Detect motion"
          hint="Watches the camera's detection stream for movement; motion events start and end with it."
          checked={values.enabled}
          disabled={readOnly}
          onChange={(enabled) => set({ enabled })}
        />
        <div className="space-y-1">
          <label htmlFor="motion-sensitivity" className="block text-sm font-medium">
            Sensitivity
          </label>
          <input
            id="motion-sensitivity"
            type="range"
            min={256 - BOUNDS.threshold.maximum}
            max={256 - BOUNDS.threshold.minimum}
            step={1}
            value={values.sensitivity}
            disabled={readOnly}
            aria-describedby="motion-sensitivity-hint"
            aria-valuetext={`${values.sensitivity} of 255: a change of brightness of ${threshold} counts`}
            onChange={(event) => set({ sensitivity: Number(event.target.value) })}
            className="w-full accent-sky-700"
          />
          <p id="motion-sensitivity-hint" className="text-sm text-slate-600 dark:text-slate-300">
            More sensitive (right) notices fainter changes, and more noise (rain, shadows, a flickering
            light). Now a pixel counts as changed when its brightness changes by {threshold} of 255 or more.
          </p>
          {problemOf(problems, 'threshold') && (
            <p className="text-sm text-red-700 dark:text-red-300">{problemOf(problems, 'threshold')}</p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Smallest moving area (% of the picture)"
            type="number"
            inputMode="decimal"
            min={BOUNDS.min_area.minimum * 100}
            max={BOUNDS.min_area.maximum * 100}
            step={0.01}
            value={values.minArea}
            readOnly={readOnly}
            error={problem('min_area')}
            onChange={(event) => set({ minArea: event.target.value })}
          />
          <TextField
            label="Pictures analysed per second"
            type="number"
            inputMode="decimal"
            min={BOUNDS.fps.minimum}
            max={BOUNDS.fps.maximum}
            step={0.5}
            value={values.fps}
            readOnly={readOnly}
            error={problem('fps')}
            onChange={(event) => set({ fps: event.target.value })}
          />
        </div>
      </section>
      <FormError
        message={unplacedProblems(problems, [
          ...masks.map((_, index) => `masks.${index}`),
          'threshold',
          'min_area',
          'fps',
        ])}
      />
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" tone="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save motion settings'}
          </Button>
          <Button onClick={cancel} disabled={save.isPending}>
            Cancel changes
          </Button>
        </div>
      )}
    </form>
  );
}

export function MotionSettings({ camera, readOnly }: { camera: Camera; readOnly: boolean }) {
  const settings = useMotionSettings(camera.id);
  if (settings.isPending) return <Spinner label="Loading the motion settings…" />;
  if (settings.isError)
    return <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />;
  return (
    <MotionForm
      key={settings.data.updated_at ?? 'defaults'}
      camera={camera}
      settings={settings.data}
      readOnly={readOnly}
    />
  );
}
