import { Link } from 'react-router';
import { CARD, dateTime, MUTED } from '../format';
import { NodeActions } from './NodeActions';
import { timeAgo } from './relativeTime';
import type { RecorderNode } from './types';

/** Online or not in words with a symbol of its own, so it never rests on colour alone. */
function Liveness({ node }: { node: RecorderNode }) {
  const tone = node.online ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-700 dark:text-red-300';
  return (
    <p className={`flex flex-wrap items-center gap-x-2 font-medium ${tone}`}>
      <span aria-hidden="true">{node.online ? '●' : '○'}</span>
      <span>{node.online ? 'Online' : 'Offline'}</span>
      <span className={`font-normal ${MUTED}`}>
        last heartbeat <time dateTime={node.last_heartbeat_at}>{timeAgo(node.last_heartbeat_at)}</time>
      </span>
    </p>
  );
}

/** The cameras a node runs, each a link to its page. */
function HeldCameras({ ids, names }: { ids: readonly number[]; names: ReadonlyMap<number, string> }) {
  if (ids.length === 0) return <span className={MUTED}>none</span>;
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1">
      {ids.map((id) => (
        <li key={id}>
          <Link className="text-sky-800 underline dark:text-sky-300" to={`/cameras/${id}`}>
            {names.get(id) ?? `Camera ${id}`}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** One recorder node: who it is, whether it beats, what it runs, and the levers on it. */
export function NodeCard({
  node,
  cameraNames,
  othersActive,
}: {
  node: RecorderNode;
  cameraNames: ReadonlyMap<number, string>;
  othersActive: boolean;
}) {
  const titleId = `node-${node.id}-title`;
  return (
    <article aria-labelledby={titleId} className={CARD}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold break-all">
          {node.name}
          {/* A space, so the heading reads "rack-1 this node", not "rack-1this node". */}
          {node.this_node && ' '}
          {node.this_node && (
            <span className="ml-1 rounded bg-sky-100 px-2 py-0.5 align-middle text-xs font-medium text-sky-900 dark:bg-sky-900 dark:text-sky-100">
              this node
            </span>
          )}
        </h2>
        <NodeActions node={node} othersActive={othersActive} />
      </div>
      <Liveness node={node} />
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">State</dt>
        <dd>
          {node.state === 'active' ? 'Active: takes its share of the cameras' : 'Draining: takes no camera'}
        </dd>
        <dt className="font-medium">Cameras</dt>
        <dd>
          {node.camera_count} / {node.capacity}
        </dd>
        <dt className="font-medium">Runs</dt>
        <dd>
          <HeldCameras ids={node.camera_ids} names={cameraNames} />
        </dd>
        <dt className="font-medium">Version</dt>
        <dd>{node.version}</dd>
        <dt className="font-medium">URL</dt>
        <dd className="break-all">{node.url}</dd>
        <dt className="font-medium">Started</dt>
        <dd>{dateTime(node.started_at)}</dd>
      </dl>
    </article>
  );
}
