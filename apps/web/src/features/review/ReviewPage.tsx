import { useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { requestBounds } from '../../api/bounds';
import type { ReviewItem, ReviewSeverity } from '../../api/types';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorState } from '../../components/ErrorState';
import { Pager } from '../../components/Pager';
import { SelectField } from '../../components/SelectField';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toast';
import { CameraFilterSelect, useCameraNames } from '../cameras/CameraFilterSelect';
import {
  REVIEW_PAGE_SIZE,
  useMarkAllReviewed,
  useMarkChosenReviewed,
  useMediaTicket,
  useReviewItems,
  useSetReviewed,
  withTicket,
  daySpan,
  type ReviewFilters,
} from './queries';
import { ReviewPicture, ReviewSeverityBadge, Tags } from './ReviewBits';
import { byDay, duration, seen, timeOfDay } from './reviewText';
import { allShownState, chosenShown, toggled, withAllShown } from './choice';
import { LiveHeading } from '../events/LiveHeading';
import { RecognisedNames } from '../faces/RecognisedNames';

const STATUSES = [
  { value: 'unreviewed', label: 'Not reviewed' },
  { value: 'reviewed', label: 'Reviewed' },
  { value: 'all', label: 'All' },
] as const;
type Status = (typeof STATUSES)[number]['value'];

const SEVERITIES = [
  { value: '', label: 'Alerts and detections' },
  { value: 'alert', label: 'Alerts only' },
  { value: 'detection', label: 'Detections only' },
] as const;

/**
 * The filters, from the URL (so a filtered view can be linked), defaulting to what still needs a look: incidents
 * nobody has reviewed, of every camera and severity.
 */
export function useReviewFilters() {
  const [params, setParams] = useSearchParams();
  const status: Status = STATUSES.some((s) => s.value === params.get('status'))
    ? (params.get('status') as Status)
    : 'unreviewed';
  const severityParam = params.get('severity');
  const severity: ReviewSeverity | undefined =
    severityParam === 'alert' || severityParam === 'detection' ? severityParam : undefined;
  const label = params.get('label') ?? '';
  const zone = params.get('zone') ?? '';
  const dayParam = params.get('day') ?? '';
  const day = daySpan(dayParam) ? dayParam : '';
  const cameraParam = Number(params.get('camera'));
  const cameraId = Number.isInteger(cameraParam) && cameraParam > 0 ? cameraParam : undefined;
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam - 1 : 0;

  const filters: ReviewFilters = {
    camera_id: cameraId,
    label: label.trim() || undefined,
    zone: zone.trim() || undefined,
    day: day || undefined,
    severity,
    reviewed: status === 'all' ? undefined : status === 'reviewed',
  };
  /** Changes one filter (back to page 1) or the page. */
  const set = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: name !== 'page' },
    );
  return { status, severity, label, zone, day, cameraId, page, filters, set, search: params.toString() };
}

/**
 * Incidents to review (issue #34): newest first in days, filtered by camera, label, severity and whether they
 * were reviewed; each opens on its own screen; one, the chosen ones (ticked, or x / Space on a row) or every shown
 * one is marked reviewed. New and changed incidents come without a reload (review.* events refresh the ['review']
 * queries). A row previews its clip over its thumbnail when pointed at or focused; on a touch screen, where
 * nothing hovers, a tap on the thumbnail plays the preview and a second tap (or one on the text) opens it.
 */
export function ReviewPage() {
  const { status, severity, label, zone, day, cameraId, page, filters, set, search } = useReviewFilters();
  const items = useReviewItems(filters, page);
  const setReviewed = useSetReviewed();
  const markAll = useMarkAllReviewed();
  const markChosen = useMarkChosenReviewed();
  const toast = useToast();
  const cameraNames = useCameraNames();
  const [confirmAll, setConfirmAll] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  /** the row whose preview a tap started (a touch screen has no hover to end it: the next tap does) */
  const [tapped, setTapped] = useState<number | null>(null);
  const list = useRef<HTMLDivElement>(null);

  const rows = useMemo(() => items.data?.items ?? [], [items.data]);
  const shownIds = useMemo(() => rows.map((item) => item.id), [rows]);
  const chosenIds = chosenShown(chosen, shownIds);
  const allState = allShownState(chosen, shownIds);
  const toMark = chosenIds.filter((id) => rows.find((item) => item.id === id)?.reviewed === false);
  const choose = (id: number) => setChosen((current) => toggled(current, id));
  const days = useMemo(() => byDay(rows), [rows]);
  const total = items.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE));
  const knownLabels = useMemo(() => [...new Set(rows.flatMap((item) => item.labels))].sort(), [rows]);
  const knownZones = useMemo(() => [...new Set(rows.flatMap((item) => item.zones))].sort(), [rows]);
  const unfiltered =
    status === 'unreviewed' &&
    !filters.severity &&
    !filters.label &&
    !filters.zone &&
    !filters.day &&
    cameraId === undefined;

  const mark = (item: ReviewItem, reviewed: boolean) =>
    setReviewed.mutate(
      { id: item.id, reviewed },
      {
        onError: (error) => toast({ title: 'Marking failed', description: error.message, tone: 'error' }),
      },
    );

  const markChosenNow = () =>
    markChosen.mutate(toMark, {
      onSuccess: ({ updated }) => {
        toast({ title: `${updated} incident${updated === 1 ? '' : 's'} marked reviewed` });
        setChosen((current) => withAllShown(current, chosenIds, false));
      },
      onError: (error) => toast({ title: 'Marking failed', description: error.message, tone: 'error' }),
    });

  const markAllShown = () =>
    markAll.mutate(
      { filters, upToMs: items.dataUpdatedAt },
      {
        onSuccess: ({ updated }) => {
          toast({
            title:
              updated === 0
                ? 'Nothing to mark'
                : `${updated} incident${updated === 1 ? '' : 's'} marked reviewed`,
          });
          setConfirmAll(false);
        },
        onError: (error) => toast({ title: 'Marking failed', description: error.message, tone: 'error' }),
      },
    );

  return (
    <section aria-labelledby="review-title" className="mx-auto max-w-5xl space-y-4">
      <LiveHeading id="review-title" title="Review" />
      <form
        aria-label="Filter incidents"
        onSubmit={(event) => event.preventDefault()}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        <SelectField
          label="Reviewed"
          name="status"
          value={status}
          onChange={(event) => set('status', event.target.value === 'unreviewed' ? '' : event.target.value)}
          options={STATUSES}
        />
        <CameraFilterSelect value={cameraId} onChange={(value) => set('camera', value)} />
        <SelectField
          label="Severity"
          name="severity"
          value={severity ?? ''}
          onChange={(event) => set('severity', event.target.value)}
          options={SEVERITIES}
        />
        <SuggestField
          label="Label"
          name="label"
          value={label}
          suggestions={knownLabels}
          maxLength={requestBounds.markReviewItems.label.maxLength}
          placeholder="e.g. person"
          onChange={(value) => set('label', value)}
        />
        <SuggestField
          label="Zone"
          name="zone"
          value={zone}
          suggestions={knownZones}
          maxLength={requestBounds.markReviewItems.zone.maxLength}
          placeholder="e.g. Driveway"
          onChange={(value) => set('zone', value)}
        />
        <label className="block space-y-1">
          <span className="text-sm font-medium">Day</span>
          <input
            type="date"
            name="day"
            value={day}
            max={localDay(new Date())}
            onChange={(event) => set('day', event.target.value)}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
          />
        </label>
      </form>

      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium dark:border-slate-700">
          <input
            type="checkbox"
            checked={allState === 'all'}
            ref={(box) => {
              if (box) box.indeterminate = allState === 'some';
            }}
            disabled={rows.length === 0}
            onChange={(event) => setChosen(withAllShown(chosen, shownIds, event.target.checked))}
            className="size-4 accent-sky-700"
          />
          Choose all shown
        </label>
        <Button
          tone={toMark.length > 0 ? 'primary' : 'secondary'}
          disabled={toMark.length === 0 || markChosen.isPending}
          onClick={markChosenNow}
        >
          Mark {toMark.length} chosen as reviewed
        </Button>
        <Button
          disabled={status === 'reviewed' || !rows.some((item) => !item.reviewed) || markAll.isPending}
          onClick={() => setConfirmAll(true)}
        >
          Mark all shown as reviewed
        </Button>
        {(markAll.isPending || markChosen.isPending || setReviewed.isPending) && <Spinner label="Saving…" />}
      </div>

      {items.isPending ? (
        <Spinner label="Loading incidents…" />
      ) : items.isError ? (
        <ErrorState message={items.error.message} onRetry={() => void items.refetch()} />
      ) : rows.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">
          {unfiltered
            ? 'Nothing to review. New incidents appear here as the cameras see them.'
            : 'No incident matches these filters.'}
        </p>
      ) : (
        <>
          {items.isFetching && <span className="sr-only">Updating…</span>}
          <p className="text-xs text-slate-600 dark:text-slate-300">
            Keys: <kbd>↓</kbd> <kbd>↑</kbd> (or <kbd>j</kbd> <kbd>k</kbd>) move between incidents,{' '}
            <kbd>Enter</kbd> opens one, <kbd>r</kbd> marks it reviewed (or not), <kbd>x</kbd> or{' '}
            <kbd>Space</kbd> chooses it.
          </p>
          <div ref={list} onKeyDown={(event) => onListKey(event, list.current, rows, mark, choose)}>
            {days.map((group) => (
              <section key={group.key} aria-labelledby={`day-${group.key}`} className="mb-4 space-y-2">
                <h2
                  id={`day-${group.key}`}
                  className="text-sm font-semibold text-slate-700 dark:text-slate-200"
                >
                  {group.heading}
                </h2>
                <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
                  {group.items.map((item) => (
                    <ReviewRow
                      key={item.id}
                      item={item}
                      cameraName={cameraNames.get(item.camera_id) ?? `Camera ${item.camera_id}`}
                      search={search}
                      busy={setReviewed.isPending}
                      onMark={(reviewed) => mark(item, reviewed)}
                      chosen={chosen.has(item.id)}
                      onChoose={() => choose(item.id)}
                      tapped={tapped === item.id}
                      onTap={(on) => setTapped(on ? item.id : null)}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </div>
          <Pager
            page={page}
            pages={pages}
            summary={`${total} incidents`}
            onPage={(next) => set('page', next === 0 ? '' : String(next + 1))}
          />
        </>
      )}

      <Dialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title="Mark all shown as reviewed?"
        description={`Every incident matching these filters that had begun when the list was loaded is marked reviewed — ${total} ${status === 'all' ? 'listed' : 'not reviewed yet'}, on every page. Incidents that began since stay to be seen.`}
      >
        <div className="mt-4 flex justify-end gap-2">
          <Button onClick={() => setConfirmAll(false)}>Cancel</Button>
          <Button tone="primary" disabled={markAll.isPending} onClick={markAllShown}>
            Mark reviewed
          </Button>
        </div>
      </Dialog>
    </section>
  );
}

function ReviewRow({
  item,
  cameraName,
  search,
  busy,
  onMark,
  chosen,
  onChoose,
  tapped,
  onTap,
}: {
  item: ReviewItem;
  cameraName: string;
  search: string;
  busy: boolean;
  onMark: (reviewed: boolean) => void;
  chosen: boolean;
  onChoose: () => void;
  /** a tap on the thumbnail started this row's preview */
  tapped: boolean;
  onTap: (on: boolean) => void;
}) {
  const ticket = useMediaTicket(item.camera_id);
  const thumbnail =
    item.thumbnail_url === null ? null : (withTicket(item.thumbnail_url, ticket.data) ?? undefined);
  // Pointing at (or focusing from the keyboard) a row plays its clip in the thumbnail's place, muted, as a
  // preview. A touch has no hover: its pointerenter/leave come with the tap itself, so they are left out.
  const [hovered, setHovered] = useState(false);
  const canPreview = item.clip_status === 'ready';
  const preview = (hovered || tapped) && canPreview ? withTicket(item.clip_url, ticket.data) : null;
  const pointer = useRef<string>('mouse');
  const thumbnailBox = useRef<HTMLDivElement>(null);
  const name = `${item.severity === 'alert' ? 'Alert' : 'Detection'}: ${seen(item)} at ${cameraName}, ${timeOfDay(item.start_time)}`;
  // A tap on the thumbnail plays the preview instead of opening the incident; the next tap on it opens it.
  const onClick = (event: MouseEvent) => {
    const onThumbnail = thumbnailBox.current?.contains(event.target as Node) ?? false;
    if (pointer.current === 'touch' && onThumbnail && canPreview && !tapped) {
      event.preventDefault();
      onTap(true);
    }
  };
  return (
    <li
      data-review-id={item.id}
      className={`flex flex-col gap-3 p-3 sm:flex-row sm:items-center ${item.reviewed ? 'opacity-80' : ''}`}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center">
        <input
          type="checkbox"
          checked={chosen}
          onChange={onChoose}
          aria-label={`Choose: ${name}`}
          className="mt-1 size-5 shrink-0 accent-sky-700 sm:mt-0"
        />
        <Link
          to={{ pathname: `/review/${item.id}`, search }}
          data-review-link=""
          className="flex min-w-0 flex-1 gap-3 rounded-md hover:bg-slate-50 dark:hover:bg-slate-800/60"
          onPointerDown={(event) => (pointer.current = event.pointerType)}
          onPointerEnter={(event) => event.pointerType !== 'touch' && setHovered(true)}
          onPointerLeave={(event) => event.pointerType !== 'touch' && setHovered(false)}
          onFocus={(event) => event.currentTarget.matches(':focus-visible') && setHovered(true)}
          onBlur={() => setHovered(false)}
          onClick={onClick}
        >
          <div ref={thumbnailBox} className="relative w-28 shrink-0 self-start sm:w-40">
            <ReviewPicture src={thumbnail} alt="" className="aspect-video w-full rounded" />
            {preview && (
              <video
                src={preview}
                muted
                autoPlay
                loop
                playsInline
                aria-hidden="true"
                data-testid="review-preview"
                className="absolute inset-0 aspect-video w-full rounded bg-black object-cover"
              />
            )}
            {preview && tapped && (
              <span
                aria-hidden="true"
                className="absolute inset-x-0 bottom-0 rounded-b bg-black/70 px-1 text-center text-xs text-white"
              >
                Tap again to open
              </span>
            )}
          </div>
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <ReviewSeverityBadge severity={item.severity} />
              <span className="font-medium break-words">{cameraName}</span>
            </div>
            <p className="flex flex-wrap gap-x-3 text-sm text-slate-700 dark:text-slate-200">
              <time dateTime={item.start_time}>{timeOfDay(item.start_time)}</time>
              <span>{duration(item)}</span>
              <span>{item.reviewed ? '✓ Reviewed' : 'Not reviewed'}</span>
            </p>
            <Tags item={item} />
            <RecognisedNames names={item.names} />
          </div>
        </Link>
      </div>
      <Button
        className="shrink-0 self-end sm:self-center"
        disabled={busy}
        aria-label={`${item.reviewed ? 'Mark not reviewed' : 'Mark reviewed'}: ${name}`}
        onClick={() => onMark(!item.reviewed)}
      >
        {item.reviewed ? 'Mark not reviewed' : 'Mark reviewed'}
      </Button>
    </li>
  );
}

/** Today (or any date) as the `YYYY-MM-DD` of a date input, in the viewer's time zone. */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The list's keys, as in other review tools: ↓/j and ↑/k move the focus between incidents, `r` marks the focused
 * one reviewed or not, `x` or Space chooses it or not (Enter opens it, being a link). The focused one is the row
 * holding the focus (its link, checkbox or button). Keys typed with a modifier are left to the browser, and
 * Space on a control to the control.
 */
function onListKey(
  event: KeyboardEvent,
  container: HTMLElement | null,
  rows: ReviewItem[],
  mark: (item: ReviewItem, reviewed: boolean) => void,
  choose: (id: number) => void,
) {
  if (!container || event.altKey || event.ctrlKey || event.metaKey) return;
  const rowElements = Array.from(container.querySelectorAll<HTMLLIElement>('li[data-review-id]'));
  const at = rowElements.findIndex((row) => row.contains(document.activeElement));
  const move = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 }[event.key];
  if (move !== undefined) {
    event.preventDefault();
    const next = rowElements[Math.min(rowElements.length - 1, Math.max(0, at === -1 ? 0 : at + move))];
    next?.querySelector<HTMLAnchorElement>('a[data-review-link]')?.focus();
    return;
  }
  if (at === -1) return;
  const id = Number(rowElements[at]!.dataset.reviewId);
  const item = rows.find((row) => row.id === id);
  if (!item) return;
  if (event.key === 'r') {
    event.preventDefault();
    mark(item, !item.reviewed);
  } else if (
    event.key === 'x' ||
    (event.key === ' ' &&
      !(event.target instanceof HTMLInputElement || event.target instanceof HTMLButtonElement))
  ) {
    event.preventDefault();
    choose(id);
  }
}

/** A free-text filter that offers the values on screen (a search input with a datalist). */
function SuggestField({
  label,
  name,
  value,
  suggestions,
  maxLength,
  placeholder,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  suggestions: readonly string[];
  maxLength: number;
  placeholder: string;
  onChange: (value: string) => void;
}) {
  const listId = useId();
  return (
    <label className="block space-y-1">
      <span className="text-sm font-medium">{label}</span>
      <input
        type="search"
        name={name}
        value={value}
        list={listId}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
      />
      <datalist id={listId}>
        {suggestions.map((known) => (
          <option key={known} value={known} />
        ))}
      </datalist>
    </label>
  );
}
