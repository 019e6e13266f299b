// The stream hub at shutdown: every camera stream's loopback port is released, and a stream asked for after
// close() (a live request still under way) is refused — an open port would keep the process from ever exiting.
import assert from 'node:assert/strict';
import { createSocket } from 'node:dgram';
import { describe, it } from 'node:test';
import { StreamHub } from './stream-hub.js';

/** Whether the loopback UDP port can be bound (nothing holds it). */
function free(port: number): Promise<boolean> {
  const socket = createSocket('udp4');
  return new Promise((resolve) => {
    socket.once('error', () => resolve(false));
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
  });
}

describe('stream hub', () => {
  it('releases every port it opened, and opens none once closed', async () => {
    const hub = new StreamHub({
      ffmpegPath: 'ffmpeg',
      resolve: () => Promise.reject(new Error('not read in this test')),
    });
    const ports = [(await hub.stream(1, 'main')).port, (await hub.stream(1, 'sub')).port];
    assert.deepEqual(await Promise.all(ports.map(free)), [false, false]);
    await hub.close();
    assert.deepEqual(await Promise.all(ports.map(free)), [true, true]);
    await assert.rejects(hub.stream(2, 'main'), /shutting down/);
  });
});
