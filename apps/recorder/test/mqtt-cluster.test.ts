// MQTT on two recorders sharing one PostgreSQL database (docs/mqtt.md, "Several recorders on one database"), against
// a real mosquitto whose debug log says which client published what and to whom each message went: each node has
// its own session and availability topic, a camera is published by the node that runs it, a command is delivered
// to one node and applied once, and a node's lost connection makes only its own cameras unavailable.
import assert from 'node:assert/strict';
import { connect, createServer, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { auditRows, createCamera } from './helpers/cameras.js';
import { createTestDatabase, testDialects, type TestDatabase } from './helpers/database.js';
import { eventually } from './helpers/eventually.js';
import { discoveryProblems } from './helpers/ha-discovery-schema.js';
import { startBroker, watchBroker, type Message, type TestBroker } from './helpers/mosquitto.js';
import { serve } from './helpers/net-servers.js';

const RECORDER = { username: 'nvr', password: 'cluster-broker-pass' };
const WATCHER = { username: 'watcher', password: 'watcher-broker-pass' };
const PREFIX = 'nvrcluster';
const ENTITIES = [
  ['binary_sensor', 'online'],
  ['switch', 'recording'],
  ['switch', 'detection'],
  ['binary_sensor', 'motion'],
  ['binary_sensor', 'person'],
  ['sensor', 'person_count'],
  ['image', 'last_alert'],
] as const;

/** A TCP relay to the broker whose connections the test can cut, as a crash or a pulled cable would. */
async function cuttableRelay(
  brokerPort: number,
): Promise<{ url: string; cut(): void; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(brokerPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const { port, stop } = await serve(server);
  return {
    url: `mqtt://127.0.0.1:${port}`,
    cut: () => sockets.forEach((socket) => socket.destroy()),
    stop,
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

for (const dialect of testDialects()) {
  if (dialect !== 'postgres') continue;
  describe('MQTT on two recorder nodes sharing a database', () => {
    let broker: TestBroker;
    let relay: Awaited<ReturnType<typeof cuttableRelay>>;
    let database: TestDatabase;
    let watcher: Awaited<ReturnType<typeof watchBroker>>;
    let a: TestApp;
    let b: TestApp;
    let recorderId: string;
    /** the camera node A runs, and the one node B runs */
    let onA: number;
    let onB: number;

    const nodeId = (node: TestApp) => node.container.cameraLeases.nodeId;
    const availability = (node: TestApp) => `${PREFIX}/nodes/${nodeId(node)}/available`;
    const status = async (node: TestApp) =>
      (await node.request({ method: 'GET', url: '/api/v1/integrations/mqtt', token: node.adminToken })).json()
        .status;
    const clientId = (node: TestApp) => node.container.mqtt.status().client_id!;
    const configTopic = (component: string, cameraId: number, entity: string) =>
      `homeassistant/${component}/nvr_${recorderId}/camera_${cameraId}_${entity}/config`;
    /** the broker's log line of a publication by `client` on a topic `topic` (a pattern) matches whole */
    const publishedBy = (client: string, topic: string) =>
      new RegExp(`Received PUBLISH from ${escape(client)} \\([^']*'${topic}'`);
    const count = (pattern: RegExp, log = broker.log()) =>
      (log.match(new RegExp(pattern.source, 'g')) ?? []).length;
    /** topics below a camera's state topics, or its discovery configs */
    const cameraTopics = (cameraId: number) => `${escape(`${PREFIX}/cameras/${cameraId}/`)}[^']*`;
    const cameraConfigs = (cameraId: number) => `homeassistant/[^']*/camera_${cameraId}_[^']*`;
    const discoveryOf = (cameraId: number, node: TestApp, from = 0) =>
      Promise.all(
        ENTITIES.map(([component, entity]) =>
          watcher.next(
            (m) =>
              m.topic === configTopic(component, cameraId, entity) &&
              m.payload.length > 0 &&
              JSON.parse(m.payload.toString()).availability_topic === availability(node),
            { what: `camera ${cameraId}'s ${entity} announced by the node that runs it`, from },
          ),
        ),
      );

    before(async () => {
      broker = await startBroker({
        users: { [RECORDER.username]: RECORDER.password, [WATCHER.username]: WATCHER.password },
        verbose: true,
      });
      relay = await cuttableRelay(broker.port);
      watcher = await watchBroker(broker.url, WATCHER, [`${PREFIX}/#`, 'homeassistant/#']);
      database = await createTestDatabase('postgres');
      // The broker from the environment on both nodes, node A's through the relay; short leases so the drain is quick.
      const env = {
        MQTT_USERNAME: RECORDER.username,
        MQTT_PASSWORD: RECORDER.password,
        MQTT_TOPIC_PREFIX: PREFIX,
        CLUSTER_LEASE_SECONDS: '3',
      };
      // Stats every second, so they soon count the cameras created below.
      const overrides = {
        mqtt: { backoff: { baseMs: 100, maxMs: 400, jitter: 0.2 }, statsIntervalMs: 1000 },
      };
      a = await createTestApp({ database, env: { ...env, MQTT_URL: relay.url }, overrides });
      b = await createTestApp({ database, env: { ...env, MQTT_URL: broker.url }, overrides });
      recorderId = (await a.container.mqtt.effectiveSettings()).recorderId;
      const [first, second] = [await createCamera(a, a.adminToken), await createCamera(a, a.adminToken)];
      // Each node's share is one camera: the leases settle one on each.
      await eventually(
        () =>
          a.container.cameraLeases.heldCameras().length === 1 &&
          b.container.cameraLeases.heldCameras().length === 1,
        { what: 'one camera on each node', intervalMs: 50 },
      );
      onA = a.container.cameraLeases.heldCameras()[0]!;
      onB = b.container.cameraLeases.heldCameras()[0]!;
      assert.deepEqual([onA, onB].sort(), [first.id, second.id].sort());
    });

    after(async () => {
      await a?.close();
      await b?.close();
      await watcher?.close();
      await relay?.stop();
      await broker?.close();
      await database?.drop();
    });

    it('each node connects with its own client id and availability topic, and both stay connected', async () => {
      const [statusA, statusB] = [await status(a), await status(b)];
      const tag = (node: TestApp) => nodeId(node).replaceAll('-', '').slice(0, 12);
      assert.equal(statusA.client_id, `nvr-recorder-${recorderId}-${tag(a)}`);
      assert.equal(statusB.client_id, `nvr-recorder-${recorderId}-${tag(b)}`);
      assert.equal(statusA.availability_topic, availability(a));
      assert.equal(statusB.availability_topic, availability(b));
      await watcher.next((m) => m.topic === availability(a) && m.payload.toString() === 'online');
      await watcher.next((m) => m.topic === availability(b) && m.payload.toString() === 'online');
      for (const s of [await status(a), await status(b)]) {
        assert.equal(s.state, 'connected');
        assert.equal(s.failed_attempts, 0);
      }
      // Both sessions at once: the broker took neither over (it would log the old one being closed).
      await broker.logged(new RegExp(`connected from .* as ${escape(statusA.client_id)} `), 'node A');
      await broker.logged(new RegExp(`connected from .* as ${escape(statusB.client_id)} `), 'node B');
      assert.doesNotMatch(broker.log(), /already connected, closing old connection/);
      // Per node stats: its own cameras.
      const from = watcher.messages.length;
      const stats = (node: TestApp) =>
        watcher.next((m) => m.topic === `${PREFIX}/nodes/${nodeId(node)}/stats`, {
          what: 'node stats',
          from,
        });
      assert.equal(JSON.parse((await stats(a)).payload.toString()).cameras, 1);
      assert.equal(JSON.parse((await stats(b)).payload.toString()).cameras, 1);
    });

    it("each camera's discovery names the availability topic of the node that runs it", async () => {
      for (const [cameraId, node] of [
        [onA, a],
        [onB, b],
      ] as const) {
        const configs: Message[] = await discoveryOf(cameraId, node);
        for (const message of configs)
          assert.deepEqual(
            discoveryProblems(message.topic, JSON.parse(message.payload.toString())),
            [],
            message.topic,
          );
      }
    });

    it("a camera's state is published by the node that runs it, not by the node a change went through", async () => {
      const detectionTopic = (cameraId: number) => `${PREFIX}/cameras/${cameraId}/detection/state`;
      // Through node B, detection off for node A's camera; then the change is heard on both nodes, as it will
      // be once changes travel between nodes.
      const from = watcher.messages.length;
      const patch = await b.request({
        method: 'PATCH',
        url: `/api/v1/camera-config/${onA}`,
        token: b.adminToken,
        payload: { detection_enabled: false },
      });
      assert.equal(patch.statusCode, 200, patch.body);
      a.container.internalEvents.emit('camera-config.changed', { cameraId: onA });
      await watcher.next((m) => m.topic === detectionTopic(onA) && m.payload.toString() === 'OFF', {
        what: "node A publishing its camera's change",
        from,
      });
      await broker.logged(publishedBy(clientId(a), escape(detectionTopic(onA))), "node A's publication");
      // Node B heard the change too (its own API) and published nothing of A's camera. A fence: a state of B's
      // own camera that node B publishes after it (one session, in order).
      await b.container.mqtt.idle();
      b.container.internalEvents.emit('motion.changed', {
        cameraId: onB,
        active: true,
        at: Date.now(),
        boxes: [],
      });
      await broker.logged(
        publishedBy(clientId(b), escape(`${PREFIX}/cameras/${onB}/motion/state`)),
        'B fence',
      );
      assert.equal(count(publishedBy(clientId(b), cameraTopics(onA))), 0);
      // B's motion report of A's camera (a pipeline that lost its lease a moment ago) is not published either.
      b.container.internalEvents.emit('motion.changed', {
        cameraId: onA,
        active: true,
        at: Date.now(),
        boxes: [],
      });
      b.container.internalEvents.emit('motion.changed', {
        cameraId: onB,
        active: false,
        at: Date.now(),
        durationMs: 1000,
      });
      await watcher.next(
        (m) => m.topic === `${PREFIX}/cameras/${onB}/motion/state` && m.payload.toString() === 'OFF',
        { from },
      );
      assert.equal(count(publishedBy(clientId(b), cameraTopics(onA))), 0);
    });

    it('both nodes subscribe to the commands as one shared group: a command is delivered once and applied once', async () => {
      const group = `\\$share/nvr_${recorderId}/${PREFIX}/cameras/\\+/detection/set`;
      for (const node of [a, b])
        assert.match(
          broker.log(),
          new RegExp(`Received SUBSCRIBE from ${escape(clientId(node))}\\n(?:.*\\t.*\\n)*?.*\\t${group} `),
        );
      const setTopic = `${PREFIX}/cameras/${onA}/detection/set`;
      const sent = new RegExp(`Sending PUBLISH to (\\S+) \\([^']*'${escape(setTopic)}'`, 'g');
      const auditsBefore = (await auditRows(a, { action: 'camera_config.update' })).length;
      // The node the command reaches applies it and then says so, as any change of a camera's config.
      const stops: (() => void)[] = [];
      const applied = new Map(
        [a, b].map((node) => [
          clientId(node),
          new Promise<void>((resolve) =>
            stops.push(
              node.container.internalEvents.on('camera-config.changed', ({ cameraId }) => {
                if (cameraId === onA) resolve();
              }),
            ),
          ),
        ]),
      );
      await watcher.publish(setTopic, 'ON');
      // The broker handles one client's publications in order: once it logs the fence, it has delivered the command
      // to every subscriber it went to.
      await watcher.publish(`${PREFIX}/fence`, 'x');
      const log = await broker.logged(/Received PUBLISH from \S+ \([^']*'nvrcluster\/fence'/, 'the fence');
      // Delivered to the watcher (it follows every topic) and to one of the nodes.
      const nodes = [clientId(a), clientId(b)];
      const deliveries = [...log.matchAll(sent)].map((match) => match[1]!).filter((id) => nodes.includes(id));
      assert.equal(deliveries.length, 1, `delivered to ${deliveries.join(', ')}`);
      await applied.get(deliveries[0]!);
      stops.forEach((stop) => stop());
      await Promise.all([a.container.mqtt.idle(), b.container.mqtt.idle()]);
      const rows = (await auditRows(a, { action: 'camera_config.update' })).filter(
        (r) => r.username === 'system:mqtt',
      );
      assert.equal(rows.length, 1);
      assert.equal((await auditRows(a, { action: 'camera_config.update' })).length, auditsBefore + 1);
      const config = await a.request({
        method: 'GET',
        url: `/api/v1/camera-config/${onA}`,
        token: a.adminToken,
      });
      assert.equal(config.json().detection_enabled, true);
    });

    it('settings saved through one node reconnect every node with them', async () => {
      const from = watcher.messages.length;
      const saved = await a.request({
        method: 'PUT',
        url: '/api/v1/integrations/mqtt',
        token: a.adminToken,
        payload: { client_id: 'nvr-renamed' },
      });
      assert.equal(saved.statusCode, 200, saved.body);
      // Node B heard of it from node A (the change relay) and connects again with the new name, as A does.
      const tag = (node: TestApp) => nodeId(node).replaceAll('-', '').slice(0, 12);
      for (const node of [a, b])
        await broker.logged(
          new RegExp(`connected from .* as ${escape(`nvr-renamed-${tag(node)}`)} `),
          'renamed',
        );
      assert.equal(clientId(b), `nvr-renamed-${tag(b)}`);
      for (const node of [a, b])
        await watcher.next((m) => m.topic === availability(node) && m.payload.toString() === 'online', {
          what: 'the node online again',
          from,
        });
    });

    it("a node's lost connection makes its cameras unavailable, not the others'; the node that takes a camera announces it with its own topic", async () => {
      const from = watcher.messages.length;
      // Node A's connection dies without a word: the broker publishes its will.
      relay.cut();
      await watcher.next((m) => m.topic === availability(a) && m.payload.toString() === 'offline', {
        what: "node A's last will",
        from,
      });
      assert.equal(watcher.last(availability(b))!.payload.toString(), 'online');
      assert.ok(
        !watcher.messages
          .slice(from)
          .some((m) => m.topic === availability(b) && m.payload.toString() === 'offline'),
      );
      // What Home Assistant holds: A's camera reads A's topic (offline), B's camera B's (online).
      const availabilityOf = (cameraId: number) =>
        JSON.parse(watcher.last(configTopic('switch', cameraId, 'recording'))!.payload.toString())
          .availability_topic as string;
      assert.equal(availabilityOf(onA), availability(a));
      assert.equal(availabilityOf(onB), availability(b));
      // Node A reconnects by itself.
      await watcher.next((m) => m.topic === availability(a) && m.payload.toString() === 'online', {
        what: 'node A back',
        from,
      });

      // Node A drained: node B takes its camera and announces it with B's availability topic.
      const taken = watcher.messages.length;
      const drain = await b.request({
        method: 'POST',
        url: `/api/v1/nodes/${nodeId(a)}/drain`,
        token: b.adminToken,
      });
      assert.equal(drain.statusCode, 200, drain.body);
      await discoveryOf(onA, b, taken);
      // ...with its state, as node B knows it (detection switched on by the command above).
      await watcher.next(
        (m) => m.topic === `${PREFIX}/cameras/${onA}/detection/state` && m.payload.toString() === 'ON',
        { what: "B publishing the camera's state", from: taken },
      );
      assert.equal(b.container.cameraLeases.fence(onA)?.nodeId, nodeId(b));

      // Node A reconnecting now publishes nothing of the camera it no longer runs.
      // A fence: an alert node A publishes after its reconnect (one session, in order).
      const mark = broker.log().length;
      const back = watcher.messages.length;
      await a.container.mqtt.restart();
      await watcher.next((m) => m.topic === availability(a) && m.payload.toString() === 'online', {
        what: 'node A reconnected',
        from: back,
      });
      await a.container.alerts.raise({
        camera_id: null,
        source_name: 'test',
        severity: 'low',
        title: 'fence',
      });
      await broker.logged(publishedBy(clientId(a), escape(`${PREFIX}/alerts`)), "A's alert");
      const log = broker.log().slice(mark);
      assert.match(log, publishedBy(clientId(a), escape(`${PREFIX}/alerts`)));
      assert.equal(count(publishedBy(clientId(a), cameraConfigs(onA)), log), 0);
      assert.equal(count(publishedBy(clientId(a), cameraTopics(onA)), log), 0);

      // Node B's session was never taken over or lost, all along.
      assert.equal((await status(b)).failed_attempts, 0);
      assert.doesNotMatch(broker.log(), /already connected, closing old connection/);

      // A fresh subscriber (Home Assistant starting) is handed B's announcement, retained.
      const fresh = await watchBroker(broker.url, WATCHER, [configTopic('switch', onA, 'recording')]);
      try {
        const retained = await fresh.next(() => true, { what: 'the retained config' });
        assert.equal(JSON.parse(retained.payload.toString()).availability_topic, availability(b));
      } finally {
        await fresh.close();
      }
    });
  });
}
