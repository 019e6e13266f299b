import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { api, unwrap } from '../../api/client';
import type { Camera } from '../../api/types';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { FormError } from '../../components/FormError';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toast';
import { useCameraPtz, useCreatePtzPreset, useDeletePtzPreset } from './queries';

interface Velocity {
  pan?: number;
  tilt?: number;
  zoom?: number;
}

/**
 * A held move is sent again this often, each time telling the camera to stop on its own a little later: a release
 * the recorder never hears of (a dropped connection, a closed tab) leaves the camera still within seconds.
 */
const REFRESH_MS = 3_000;
const MOVE_TIMEOUT_MS = 5_000;
/** A keyboard click on a direction button (no holding possible) moves this long. */
const NUDGE_MS = 600;

const SPEEDS = [
  { value: '0.25', label: 'Slow' },
  { value: '0.5', label: 'Normal' },
  { value: '1', label: 'Fast' },
];

/** Arrow keys and +/- on the focused pad: what each moves (times the chosen speed). */
const KEY_MOVES: Record<string, Velocity> = {
  ArrowLeft: { pan: -1 },
  ArrowRight: { pan: 1 },
  ArrowUp: { tilt: 1 },
  ArrowDown: { tilt: -1 },
  '+': { zoom: 1 },
  '=': { zoom: 1 },
  '-': { zoom: -1 },
};

const scaled = (velocity: Velocity, speed: number): Velocity =>
  Object.fromEntries(Object.entries(velocity).map(([axis, value]) => [axis, value * speed]));

/**
 * Sends moves and stops in the order they were made (a stop never overtakes its move), refreshing a held move
 * and reporting the first failure of a gesture.
 */
function usePtzCommands(cameraId: number, onError: (message: string | null) => void) {
  const queue = useRef<Promise<void>>(Promise.resolve());
  const refresh = useRef<number | null>(null);
  const held = useRef(false);

  const send = (command: () => Promise<unknown>) => {
    queue.current = queue.current
      .then(command)
      .then(() => undefined)
      .catch((error: unknown) => {
        onError(error instanceof Error ? error.message : String(error));
      });
  };
  const post = (velocity: Velocity, timeoutMs: number) =>
    send(async () =>
      unwrap(
        await api.POST('/api/v1/cameras/{id}/ptz/move', {
          params: { path: { id: cameraId } },
          body: { ...velocity, timeout_ms: timeoutMs },
        }),
      ),
    );
  const clearRefresh = () => {
    if (refresh.current !== null) window.clearInterval(refresh.current);
    refresh.current = null;
  };

  const start = (velocity: Velocity) => {
    onError(null);
    clearRefresh();
    held.current = true;
    post(velocity, MOVE_TIMEOUT_MS);
    refresh.current = window.setInterval(() => post(velocity, MOVE_TIMEOUT_MS), REFRESH_MS);
  };
  /** Stops the camera; `always`: even when this page started no move (the Stop button, Escape, Space). */
  const stop = (always = false) => {
    clearRefresh();
    if (!held.current && !always) return;
    held.current = false;
    send(async () =>
      unwrap(await api.POST('/api/v1/cameras/{id}/ptz/stop', { params: { path: { id: cameraId } } })),
    );
  };
  const release = () => stop();
  const nudge = (velocity: Velocity) => {
    onError(null);
    post(velocity, NUDGE_MS);
  };
  const gotoPreset = (token: string) => {
    onError(null);
    send(async () =>
      unwrap(
        await api.POST('/api/v1/cameras/{id}/ptz/presets/{token}/goto', {
          params: { path: { id: cameraId, token } },
        }),
      ),
    );
  };
  // Leaving the page while holding stops the camera.
  useEffect(() => () => stop(), []); // eslint-disable-line react-hooks/exhaustive-deps
  return { start, stop, release, nudge, gotoPreset };
}

function PadButton({
  label,
  symbol,
  velocity,
  speed,
  commands,
}: {
  label: string;
  symbol: string;
  velocity: Velocity;
  speed: number;
  commands: ReturnType<typeof usePtzCommands>;
}) {
  const press = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    // Captured: the release is heard even when the finger or pointer has slid off the button.
    event.currentTarget.setPointerCapture(event.pointerId);
    commands.start(scaled(velocity, speed));
  };
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onPointerDown={press}
      onPointerUp={commands.release}
      onPointerCancel={commands.release}
      onLostPointerCapture={commands.release}
      // A click without a pointer (Enter on the focused button) cannot be held: a short move.
      onClick={(event) => {
        if (event.detail === 0) commands.nudge(scaled(velocity, speed));
      }}
      onContextMenu={(event) => event.preventDefault()}
      className="grid size-12 touch-none select-none place-items-center rounded-md border border-slate-300 bg-white text-xl hover:bg-slate-100 active:bg-sky-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800 dark:active:bg-sky-900"
    >
      <span aria-hidden="true">{symbol}</span>
    </button>
  );
}

/**
 * Pan, tilt, zoom and presets of a camera with PTZ over ONVIF. Hold a button (mouse, pen or finger) to move,
 * release to stop; with the pad focused, hold an arrow key (or + / −) to move, Escape or Space stops. Shown
 * only for a camera whose ONVIF device can move; a user without the manage right sees why there are no controls.
 */
export function PtzPad({ camera }: { camera: Camera }) {
  const ptz = useCameraPtz(camera.id);
  const [speed, setSpeed] = useState('0.5');
  const [error, setError] = useState<string | null>(null);
  const commands = usePtzCommands(camera.id, setError);
  const heldKey = useRef<string | null>(null);

  if (ptz.isPending) return <Spinner label="Asking the camera what it can move…" />;
  if (ptz.isError)
    return (
      <ErrorState
        message={`Could not ask the camera about pan/tilt/zoom: ${ptz.error.message}`}
        onRetry={() => void ptz.refetch()}
      />
    );
  const state = ptz.data;
  // No PTZ: nothing to offer (the reason is in the API for whoever wonders).
  if (!state.supported) return null;
  if (!state.can_control) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="ptz-view-only">
        This camera can pan, tilt or zoom; moving it takes the manage right on it, which you do not have.
      </p>
    );
  }

  const factor = Number(speed);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' || event.key === ' ') {
      event.preventDefault();
      heldKey.current = null;
      commands.stop(true);
      return;
    }
    const move = KEY_MOVES[event.key];
    if (!move || (move.zoom === undefined ? !state.pan_tilt : !state.zoom)) return;
    event.preventDefault();
    // The key's own repeats are not new moves.
    if (event.repeat || heldKey.current === event.key) return;
    heldKey.current = event.key;
    commands.start(scaled(move, factor));
  };
  const onKeyUp = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== heldKey.current) return;
    heldKey.current = null;
    commands.stop();
  };

  return (
    <section
      aria-labelledby={`ptz-title-${camera.id}`}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`ptz-title-${camera.id}`} className="text-base font-semibold">
        Pan, tilt and zoom
      </h2>
      <div className="flex flex-wrap items-start gap-6">
        <div
          role="group"
          tabIndex={0}
          aria-label="PTZ pad: hold an arrow key to move, + or − to zoom, Escape or Space to stop"
          aria-describedby={`ptz-help-${camera.id}`}
          onKeyDown={onKeyDown}
          onKeyUp={onKeyUp}
          onBlur={() => {
            if (heldKey.current) {
              heldKey.current = null;
              commands.stop();
            }
          }}
          data-testid="ptz-pad"
          className="flex items-center gap-4 rounded-md p-1 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          {state.pan_tilt && (
            <div className="grid grid-cols-3 gap-1">
              <span />
              <PadButton
                label="Tilt up"
                symbol="▲"
                velocity={{ tilt: 1 }}
                speed={factor}
                commands={commands}
              />
              <span />
              <PadButton
                label="Pan left"
                symbol="◀"
                velocity={{ pan: -1 }}
                speed={factor}
                commands={commands}
              />
              <button
                type="button"
                aria-label="Stop"
                title="Stop"
                onClick={() => commands.stop(true)}
                className="grid size-12 place-items-center rounded-md border border-slate-300 text-sm font-medium hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                <span aria-hidden="true">■</span>
              </button>
              <PadButton
                label="Pan right"
                symbol="▶"
                velocity={{ pan: 1 }}
                speed={factor}
                commands={commands}
              />
              <span />
              <PadButton
                label="Tilt down"
                symbol="▼"
                velocity={{ tilt: -1 }}
                speed={factor}
                commands={commands}
              />
              <span />
            </div>
          )}
          {state.zoom && (
            <div className="grid gap-1">
              <PadButton
                label="Zoom in"
                symbol="+"
                velocity={{ zoom: 1 }}
                speed={factor}
                commands={commands}
              />
              <PadButton
                label="Zoom out"
                symbol="−"
                velocity={{ zoom: -1 }}
                speed={factor}
                commands={commands}
              />
            </div>
          )}
        </div>
        <div className="w-36">
          <SelectField
            label="Speed"
            options={SPEEDS}
            value={speed}
            onChange={(e) => setSpeed(e.target.value)}
          />
        </div>
      </div>
      <p id={`ptz-help-${camera.id}`} className="text-sm text-slate-600 dark:text-slate-300">
        Hold a button to move; release to stop.
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The camera did not move: {error}
        </p>
      )}
      <PtzPresets
        camera={camera}
        presets={state.presets}
        maxPresets={state.max_presets}
        onGoto={commands.gotoPreset}
      />
    </section>
  );
}

function PtzPresets({
  camera,
  presets,
  maxPresets,
  onGoto,
}: {
  camera: Camera;
  presets: { token: string; name: string }[];
  maxPresets: number | null;
  onGoto: (token: string) => void;
}) {
  const create = useCreatePtzPreset(camera.id);
  const remove = useDeletePtzPreset(camera.id);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const toast = useToast();
  const full = maxPresets !== null && presets.length >= maxPresets;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Give the position a name.');
      return;
    }
    setNameError(null);
    try {
      await create.mutateAsync(trimmed);
      toast({ title: `Preset ${trimmed} saved` });
      setName('');
    } catch {
      // create.error is shown under the form
    }
  };

  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold">Presets</h3>
      {presets.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No presets yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Presets">
          {presets.map((preset) => (
            <li key={preset.token} className="flex items-center gap-2 py-1.5 text-sm">
              <span className="min-w-0 flex-1 truncate font-medium">{preset.name}</span>
              <Button aria-label={`Go to ${preset.name}`} onClick={() => onGoto(preset.token)}>
                Go
              </Button>
              <Button
                tone="quiet"
                aria-label={`Remove preset ${preset.name}`}
                disabled={remove.isPending}
                onClick={() =>
                  void remove.mutateAsync(preset.token).then(
                    () => toast({ title: `Preset ${preset.name} removed` }),
                    () => undefined,
                  )
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormError message={remove.error?.message} />
      <form noValidate onSubmit={(event) => void save(event)} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label="Save the current position as"
            name="preset_name"
            maxLength={64}
            value={name}
            error={nameError}
            disabled={full}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <Button type="submit" tone="primary" disabled={create.isPending || full}>
          Save preset
        </Button>
      </form>
      {full && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          The camera keeps at most {maxPresets} presets; remove one to save another.
        </p>
      )}
      <FormError message={create.error?.message} />
    </div>
  );
}
