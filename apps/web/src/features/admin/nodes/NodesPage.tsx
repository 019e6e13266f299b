import { ErrorState } from '../../../components/ErrorState';
import { Spinner } from '../../../components/Spinner';
import { CARD, MUTED } from '../format';
import { NodeCard } from './NodeCard';
import { useCameraNames, useNodes } from './queries';
import type { RecorderNode } from './types';
import { AdminPage } from '../AdminPage';

/** The default install (SQLite, or one recorder on PostgreSQL): say so, and how a second node is added. */
function OnlyNode() {
  return (
    <section aria-labelledby="only-node-title" className={CARD}>
      <h2 id="only-node-title" className="font-semibold">
        This recorder is the only node
      </h2>
      <p className={MUTED}>
        It runs every camera. To add a node, point another recorder at the same PostgreSQL database with the
        same MASTER_KEY and JWT_SECRET (each node keeps its own DATA_DIR and RECORDINGS_DIR); it shows up here
        and takes its share of the cameras. See <code>docs/cluster.md</code>, “Several recorders on one
        database”. With SQLite there is always one node.
      </p>
    </section>
  );
}

/** Whether a node other than `node` can take cameras: online and not drained. */
function othersActive(nodes: readonly RecorderNode[], node: RecorderNode): boolean {
  return nodes.some((other) => other.id !== node.id && other.online && other.state === 'active');
}

function NodeList() {
  const nodes = useNodes();
  const cameraNames = useCameraNames();
  if (nodes.isPending) return <Spinner label="Loading the nodes…" />;
  if (nodes.isError) return <ErrorState message={nodes.error.message} onRetry={() => void nodes.refetch()} />;
  const list = nodes.data.nodes;
  return (
    <>
      {list.length === 1 && <OnlyNode />}
      <ul aria-label="Recorder nodes" className="space-y-4">
        {list.map((node) => (
          <li key={node.id}>
            <NodeCard node={node} cameraNames={cameraNames} othersActive={othersActive(list, node)} />
          </li>
        ))}
      </ul>
      <p className={MUTED}>
        A node is online while its heartbeat is younger than the {nodes.data.lease_seconds} s lease. This list
        refreshes itself every few seconds.
      </p>
    </>
  );
}

/** Admin → Nodes: the recorders sharing this database, the cameras each runs, drain, resume and remove. */
export function NodesPage() {
  return (
    <AdminPage
      id="nodes"
      title="Nodes"
      intro="Every camera is recorded by exactly one node. Draining a node moves its cameras to the others; when a node stops, the others take its cameras once its leases expire."
    >
      <NodeList />
    </AdminPage>
  );
}
