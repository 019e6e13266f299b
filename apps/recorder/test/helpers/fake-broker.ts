// A broker that misbehaves on purpose, for what a real mosquitto never does: accept the connection and never send
// CONNACK, accept the session and never acknowledge anything, or push a packet far larger than anyone should
// send. A TCP server that speaks just enough MQTT 3.1.1 through mqtt-packet (mqtt.js's own packet library) to
// read what the recorder sends and write the packets a test asks for.
import { EventEmitter, once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { serve } from './net-servers.js';

export interface FakeBrokerBehaviour {
  /** answer CONNECT with CONNACK (accepted); false: say nothing, ever */
  connack: boolean;
  /** answer SUBSCRIBE, QoS 1 PUBLISH and PINGREQ; false: take them and say nothing */
  acknowledge: boolean;
  /** close the connection on any PUBLISH, as mosquitto does for a topic it refuses */
  dropOnPublish?: boolean;
  /** after the CONNACK: what else to do with the session (e.g. push a huge packet) */
  onSession?: (socket: Socket) => void;
}

export interface FakeBroker {
  url: string;
  /** connections accepted so far */
  connections(): number;
  /** every packet read from the recorder, in order */
  received: Packet[];
  /** resolves with the first packet read (from now on or already) that matches */
  nextPacket(match: (packet: Packet) => boolean, what: string, timeoutMs?: number): Promise<Packet>;
  stop(): Promise<void>;
}

export async function startFakeBroker(behaviour: FakeBrokerBehaviour): Promise<FakeBroker> {
  const received: Packet[] = [];
  const arrivals = new EventEmitter();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    socket.on('error', () => {}); // the recorder may cut us off: that is what some tests wait for
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    parser.on('error', () => socket.destroy());
    parser.on('packet', (packet: Packet) => {
      received.push(packet);
      arrivals.emit('packet', packet);
      const write = (reply: Packet) => {
        if (!socket.destroyed) socket.write(mqttPacket.generate(reply));
      };
      if (packet.cmd === 'connect' && behaviour.connack) {
        write({ cmd: 'connack', returnCode: 0, sessionPresent: false });
        behaviour.onSession?.(socket);
      }
      if (packet.cmd === 'publish' && behaviour.dropOnPublish) {
        socket.destroy();
        return;
      }
      if (!behaviour.acknowledge) return;
      if (packet.cmd === 'subscribe')
        write({
          cmd: 'suback',
          messageId: packet.messageId,
          granted: packet.subscriptions.map(() => 0),
        });
      if (packet.cmd === 'publish' && packet.qos === 1) write({ cmd: 'puback', messageId: packet.messageId });
      if (packet.cmd === 'pingreq') write({ cmd: 'pingresp' });
    });
    socket.on('data', (chunk: Buffer) => parser.parse(chunk));
  });
  const { port, stop } = await serve(server);
  return {
    url: `mqtt://127.0.0.1:${port}`,
    connections: () => connections,
    received,
    nextPacket(match, what, timeoutMs = 20_000) {
      const seen = received.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const onPacket = (packet: Packet) => {
          if (!match(packet)) return;
          arrivals.off('packet', onPacket);
          clearTimeout(timer);
          resolve(packet);
        };
        const timer = setTimeout(() => {
          arrivals.off('packet', onPacket);
          reject(new Error(`timed out waiting for the recorder to send ${what}`));
        }, timeoutMs);
        arrivals.on('packet', onPacket);
      });
    },
    stop,
  };
}

/**
 * Writes the fixed header of a PUBLISH that says `declaredBytes` follow, then zeros in 64 KiB pieces (as fast as
 * the peer reads them) until `cap` bytes are written or the peer closes the connection. Resolves with how many
 * bytes were written and whether the peer closed it first.
 */
export async function pushHugePublish(
  socket: Socket,
  declaredBytes: number,
  cap: number,
): Promise<{ written: number; closedByPeer: boolean }> {
  let closed = false;
  // Not events.once: it would reject on the 'error' (ECONNRESET) that comes before 'close'.
  const closing = new Promise<void>((resolve) => socket.once('close', () => resolve())).then(
    () => (closed = true),
  );
  const header = Buffer.from([0x30, ...remainingLength(declaredBytes), 0x00, 0x01, 0x78]); // PUBLISH, topic "x"
  const piece = Buffer.alloc(64 * 1024);
  let written = 0;
  socket.write(header);
  while (written < cap && !closed) {
    written += piece.length;
    // A write the peer's reset fails is the end too ('close' follows).
    if (!socket.write(piece)) await Promise.race([once(socket, 'drain').catch(() => {}), closing]);
  }
  return { written, closedByPeer: closed };
}

/** MQTT's variable-length "remaining length" (up to four bytes of seven bits each). */
function remainingLength(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    bytes.push(byte);
  } while (value > 0);
  return bytes;
}
