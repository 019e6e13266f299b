// Polygons (motion masks, zones) drawn over the camera's picture. With a pointer: "Draw" and click points on the
// picture (Finish, or click the first point again), drag a selected shape's points, click inside a shape to select
// it. Without one: each point of the selected shape is a focusable handle that the arrow keys move (Shift: ten
// times further) and Delete removes, and PointFields lists every point as two number fields (per cent across and
// down) with add and remove buttons — so a shape can be made, moved and corrected from the keyboard alone.
// Coordinates are normalised 0–1 as the recorder stores them (geometry.ts).
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { Button } from '../../../components/Button';
import {
  hitPoint,
  movePoint,
  normalise,
  nudgePoint,
  polygonAt,
  removePoint,
  round,
  splitEdge,
  defaultSquare,
  svgPoints,
  type Point,
  type Polygon,
} from './geometry';

/** How near (screen pixels) a click must be to the first point to close the shape being drawn. */
const CLOSE_RADIUS = 12;
const MIN_POINTS = 3;
const MAX_POINTS = 64;

export interface EditorShape {
  name: string;
  points: Polygon;
}

export function PolygonEditor({
  shapes,
  selected,
  onSelect,
  onChange,
  onAdd,
  readOnly,
  noun,
  tone,
  drawing,
  onDrawing,
  children,
}: {
  shapes: EditorShape[];
  selected: number | null;
  onSelect: (index: number | null) => void;
  /** one shape's points changed */
  onChange: (index: number, points: Polygon) => void;
  /** a shape was drawn (or the keyboard's square added) */
  onAdd: (points: Polygon) => void;
  readOnly: boolean;
  /** "mask", "zone": the word in the controls' names */
  noun: string;
  tone: 'mask' | 'zone';
  /** the points of the shape being drawn (null: not drawing), kept by the screen for its DrawControls */
  drawing: Polygon | null;
  onDrawing: (points: Polygon | null) => void;
  /** drawn under the shapes, in the picture's 0–1 viewBox (the tuner's boxes) */
  children?: ReactNode;
}) {
  const area = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<number | null>(null);

  // Escape leaves drawing wherever the focus is.
  useEffect(() => {
    if (!drawing) return;
    const cancel = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onDrawing(null);
    };
    document.addEventListener('keydown', cancel);
    return () => document.removeEventListener('keydown', cancel);
  }, [drawing, onDrawing]);

  const pointAt = (event: PointerEvent): Point | null => {
    const box = area.current?.getBoundingClientRect();
    return box ? normalise(event.clientX, event.clientY, box) : null;
  };

  const finish = (points: Polygon) => {
    onDrawing(null);
    onAdd(points);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (readOnly || event.button !== 0) return;
    const at = pointAt(event);
    if (!at) return;
    if (drawing) {
      const box = area.current!.getBoundingClientRect();
      if (drawing.length >= MIN_POINTS && hitPoint([drawing[0]!], at, box, CLOSE_RADIUS) === 0)
        finish(drawing);
      else if (drawing.length < MAX_POINTS) onDrawing([...drawing, at]);
      return;
    }
    const index = polygonAt(
      shapes.map((shape) => shape.points),
      at,
    );
    onSelect(index === -1 ? null : index);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging === null || selected === null) return;
    const at = pointAt(event);
    const shape = shapes[selected];
    if (at && shape) onChange(selected, movePoint(shape.points, dragging, at));
  };

  const startDrag = (index: number) => (event: PointerEvent<HTMLButtonElement>) => {
    if (readOnly || event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    area.current?.setPointerCapture(event.pointerId);
    setDragging(index);
  };

  const onHandleKey = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (selected === null) return;
    const shape = shapes[selected];
    if (!shape) return;
    const step = event.shiftKey ? 0.1 : 0.01;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      onChange(selected, nudgePoint(shape.points, index, move[0], move[1]));
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && shape.points.length > MIN_POINTS) {
      event.preventDefault();
      onChange(selected, removePoint(shape.points, index));
    }
  };

  const selectedShape = selected === null ? undefined : shapes[selected];
  const fill = tone === 'mask' ? 'rgb(15 23 42 / 0.55)' : 'rgb(14 165 233 / 0.25)';
  const stroke = tone === 'mask' ? '#f8fafc' : '#38bdf8';

  return (
    <div
      ref={area}
      data-testid={`${tone}-area`}
      className={`relative h-full w-full touch-none ${drawing ? 'cursor-crosshair' : ''}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => setDragging(null)}
      onPointerCancel={() => setDragging(null)}
    >
      <svg
        viewBox="0 0 1 1"
        preserveAspectRatio="none"
        className="pointer-events-none absolute inset-0 h-full w-full"
        aria-hidden="true"
      >
        {children}
        {shapes.map((shape, index) => (
          <polygon
            key={index}
            points={svgPoints(shape.points)}
            fill={fill}
            stroke={index === selected ? '#facc15' : stroke}
            strokeWidth={index === selected ? 3 : 2}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {drawing && drawing.length > 0 && (
          <polyline
            points={svgPoints(drawing)}
            fill="none"
            stroke="#facc15"
            strokeWidth={2}
            strokeDasharray="6 4"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
      {shapes.map((shape, index) =>
        shape.name && shape.points[0] ? (
          <span
            key={`name-${index}`}
            aria-hidden="true"
            className="pointer-events-none absolute max-w-[40%] truncate rounded bg-slate-900/80 px-1 text-xs text-white"
            style={{ left: `${shape.points[0][0] * 100}%`, top: `${shape.points[0][1] * 100}%` }}
          >
            {shape.name}
          </span>
        ) : null,
      )}
      {drawing?.map(([x, y], index) => (
        <span
          key={`drawn-${index}`}
          aria-hidden="true"
          className="pointer-events-none absolute size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full border border-slate-900 bg-yellow-400"
          style={{ left: `${x * 100}%`, top: `${y * 100}%` }}
        />
      ))}
      {!readOnly &&
        !drawing &&
        selectedShape?.points.map(([x, y], index) => (
          <button
            key={`handle-${index}`}
            type="button"
            aria-label={`${selectedShape.name || noun}, point ${index + 1}: ${percent(x)} % across, ${percent(y)} % down. Arrow keys move it, Delete removes it.`}
            data-testid="polygon-handle"
            className="absolute size-6 -translate-x-1/2 -translate-y-1/2 cursor-move rounded-full border-2 border-slate-900 bg-yellow-400 focus-visible:ring-4 focus-visible:ring-sky-500 focus-visible:outline-none"
            style={{ left: `${x * 100}%`, top: `${y * 100}%` }}
            onPointerDown={startDrag(index)}
            onKeyDown={onHandleKey(index)}
          />
        ))}
    </div>
  );
}

/**
 * The drawing controls under the picture: start, finish, undo, cancel, and the keyboard's "add a square". The shape
 * being drawn is the caller's (`drawing`, changed through `onDrawing`, which the picture's clicks also use); a
 * finished or square shape goes to `onAdd`.
 */
export function DrawControls({
  noun,
  drawing,
  canAdd,
  onDrawing,
  onStart,
  onAdd,
}: {
  noun: string;
  drawing: Polygon | null;
  canAdd: boolean;
  onDrawing: (drawing: Polygon | null) => void;
  /** before a drawing starts (e.g. unselect the shape being edited) */
  onStart: () => void;
  onAdd: (polygon: Polygon) => void;
}) {
  const onFinish = () => {
    if (drawing) onAdd(drawing);
    onDrawing(null);
  };
  const onUndo = () => onDrawing(drawing?.slice(0, -1) ?? null);
  const onCancel = () => onDrawing(null);
  const onAddSquare = () => onAdd(defaultSquare());
  if (drawing)
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p role="status" className="w-full text-sm">
          Click on the picture to place the points of the {noun} ({drawing.length} so far
          {drawing.length < MIN_POINTS ? `, at least ${MIN_POINTS}` : ''}). Click the first point again or
          Finish to close it; Esc cancels.
        </p>
        <Button tone="primary" onClick={onFinish} disabled={drawing.length < MIN_POINTS}>
          Finish {noun}
        </Button>
        <Button onClick={onUndo} disabled={drawing.length === 0}>
          Undo last point
        </Button>
        <Button tone="quiet" onClick={onCancel}>
          Cancel drawing
        </Button>
      </div>
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        onClick={() => {
          onStart();
          onDrawing([]);
        }}
        disabled={!canAdd}
      >
        Draw a {noun}
      </Button>
      <Button tone="quiet" onClick={onAddSquare} disabled={!canAdd}>
        Add a square {noun}
      </Button>
    </div>
  );
}

function percent(value: number): string {
  return String(Math.round(value * 10_000) / 100);
}

/**
 * Every point of one shape as two number fields (per cent across and down), with a button to remove each and one
 * to add a point after the last: the keyboard's way to make exact shapes.
 */
export function PointFields({
  title,
  points,
  readOnly,
  onChange,
}: {
  title: string;
  points: Polygon;
  readOnly: boolean;
  onChange: (points: Polygon) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{title}: points (per cent of the picture)</legend>
      <ol className="space-y-2">
        {points.map(([x, y], index) => (
          <li key={index} className="flex flex-wrap items-end gap-2">
            <PercentInput
              label={`Point ${index + 1} across`}
              value={x}
              readOnly={readOnly}
              onCommit={(value) => onChange(movePoint(points, index, [value, y]))}
            />
            <PercentInput
              label={`Point ${index + 1} down`}
              value={y}
              readOnly={readOnly}
              onCommit={(value) => onChange(movePoint(points, index, [x, value]))}
            />
            {!readOnly && (
              <Button
                tone="quiet"
                aria-label={`Remove point ${index + 1} of ${title}`}
                disabled={points.length <= MIN_POINTS}
                onClick={() => onChange(removePoint(points, index))}
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ol>
      {!readOnly && (
        <Button
          tone="quiet"
          disabled={points.length >= MAX_POINTS}
          onClick={() => onChange(splitEdge(points, points.length - 1))}
        >
          Add a point to {title}
        </Button>
      )}
    </fieldset>
  );
}

/** A 0–100 % field for one coordinate: what is typed is kept while it is not a number yet. */
function PercentInput({
  label,
  value,
  readOnly,
  onCommit,
}: {
  label: string;
  value: number;
  readOnly: boolean;
  onCommit: (value: number) => void;
}) {
  const [text, setText] = useState(percent(value));
  const [problem, setProblem] = useState<string | null>(null);
  // A point dragged or nudged elsewhere shows its new place (what is being typed stays while it says the same).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (Number(text) !== Number(percent(value))) setText(percent(value));
  }
  const id = useId();
  return (
    <div className="w-28 space-y-1">
      <label htmlFor={id} className="block text-xs">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        step={0.01}
        value={text}
        readOnly={readOnly}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          const number = Number(event.target.value);
          if (event.target.value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 100) {
            setProblem('0 to 100');
            return;
          }
          setProblem(null);
          onCommit(round(number / 100));
        }}
        className="w-full rounded-md border border-slate-300 bg-transparent px-2 py-1 text-sm aria-invalid:border-red-600 dark:border-slate-700"
      />
      {problem && (
        <span id={`${id}-error`} className="block text-xs text-red-700 dark:text-red-300">
          {problem}
        </span>
      )}
    </div>
  );
}
