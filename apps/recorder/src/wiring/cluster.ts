// This recorder as a node of the cluster. Two functions: what shares the cameras' statuses and the configuration
// changes with the other nodes needs the cameras family, which itself needs the camera leases built first.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { AuditService } from '../modules/audit/audit.service.js';
import type { CameraStatusService } from '../modules/cameras/camera-status.service.js';
import type { CamerasService } from '../modules/cameras/cameras.service.js';
import { CameraLeases } from '../modules/cluster/camera-leases.js';
import { ChangeRelay } from '../modules/cluster/change-relay.js';
import { clusterReactions } from '../modules/cluster/cluster.reactions.js';
import type { ClusterRepository } from '../modules/cluster/cluster.repository.js';
import { ClusterService } from '../modules/cluster/cluster.service.js';
import { loadOrCreateNodeId } from '../modules/cluster/node-identity.js';
import { NodeProxy } from '../modules/cluster/node-proxy.js';
import { StatusSharing } from '../modules/cluster/status-sharing.js';
import type { RecorderEventBus } from '../modules/recorder-events.js';
import type { DatabaseHandle } from '../platform/db/database.js';
import { ForwardedClient } from '../platform/http/forwarded-client.js';
import type { Part } from '../platform/lifecycle.js';

/** The container overrides this family reads (documented on ContainerOverrides). */
export interface ClusterOverrides {
  leaseRenewMs?: number;
}

export interface ClusterDeps {
  config: Config;
  clusterRepository: ClusterRepository;
  jwtSecret: Buffer;
  audit: AuditService;
  internalEvents: RecorderEventBus;
  logger: FastifyBaseLogger;
  overrides: ClusterOverrides;
}

export function wireCluster({
  config,
  clusterRepository,
  jwtSecret,
  audit,
  internalEvents,
  logger,
  overrides,
}: ClusterDeps) {
  // This recorder as a node of the cluster that shares the database (one node with SQLite): the cameras whose
  // leases it holds are the ones it runs (modules/cluster).
  const nodeId = loadOrCreateNodeId(config.dataDir);
  const cameraLeases = new CameraLeases(
    clusterRepository,
    { id: nodeId, ...config.node, version: config.version },
    internalEvents,
    logger,
    {
      leaseMs: config.node.leaseSeconds * 1000,
      ...(overrides.leaseRenewMs === undefined ? {} : { renewMs: overrides.leaseRenewMs }),
    },
  );

  // What this node cannot answer itself goes to the node that can, with the caller's own credentials.
  // A forwarded request names its caller's address to the other node, signed with a key from the shared secret.
  const forwardedClient = new ForwardedClient(jwtSecret);
  const nodeProxy = new NodeProxy(clusterRepository, cameraLeases, {
    nodeId,
    leaseMs: config.node.leaseSeconds * 1000,
    clientSigner: forwardedClient,
  });
  const cluster = new ClusterService(clusterRepository, audit, {
    nodeId,
    leaseMs: config.node.leaseSeconds * 1000,
    rebalanceNow: () => cameraLeases.rebalance(),
  });

  return {
    nodeId,
    cameraLeases,
    forwardedClient,
    nodeProxy,
    cluster,
    parts: {
      cameraLeases: {
        name: 'camera leases',
        start: () => cameraLeases.start(),
        stop: () => cameraLeases.stop(),
      },
      nodeChannel: { name: 'node channel', stop: () => nodeProxy.close() },
      takingCameras: { name: 'taking cameras', stop: () => cameraLeases.stopTaking() },
    } satisfies Record<string, Part>,
    reactions: {
      cluster: () => clusterReactions(internalEvents, cameraLeases),
    } satisfies Record<string, () => () => void>,
  };
}

export interface ClusterSharingDeps {
  database: DatabaseHandle;
  clusterRepository: ClusterRepository;
  internalEvents: RecorderEventBus;
  logger: FastifyBaseLogger;
  nodeId: string;
  cameraLeases: CameraLeases;
  cameraStatus: CameraStatusService;
  cameras: CamerasService;
}

export function wireClusterSharing({
  database,
  clusterRepository,
  internalEvents,
  logger,
  nodeId,
  cameraLeases,
  cameraStatus,
  cameras,
}: ClusterSharingDeps) {
  // The reports of the cameras this node runs go out through the database; the other nodes' come back.
  const statusSharing = new StatusSharing(clusterRepository, cameraStatus, cameraLeases, logger, {
    refreshMs: cameraLeases.renewMs,
  });
  // PostgreSQL: the configuration changes made through this node reach the nodes that run the cameras, and
  // theirs reach this one (modules/cluster/change-relay.ts).
  const changeRelay =
    database.notifications &&
    new ChangeRelay({
      events: internalEvents,
      notifications: database.notifications,
      repository: clusterRepository,
      nodeId,
      cameraIds: () => cameras.allIds(),
      log: logger,
    });

  return {
    parts: {
      changesOfOtherNodes: {
        name: 'changes of other nodes',
        start: () => changeRelay?.start(),
        stop: () => changeRelay?.stop(),
      },
      cameraStatuses: {
        name: 'camera statuses',
        start: () => statusSharing.start(),
        stop: () => statusSharing.stop(),
      },
    } satisfies Record<string, Part>,
  };
}
