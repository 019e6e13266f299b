// Issue #37 in chromium: the System page shows the evidence signing key's fingerprint (as the API gives it), and
// the recordings screen shows a "verified" badge for the hour of the playhead while the stored chunks match their
// signed chain, and a warning naming the chunk once a byte of it changed on disk. axe-core and the phone width at
// each step; no console error in the run. With WEB_SHOTS_DIR set, screenshots go there.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { IndexedChunk } from '../../recorder/src/modules/recordings/recording-engine.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../recorder/test/helpers/app.js';
import { listen } from '../../recorder/test/helpers/event-clients.js';
import { chunkCollector } from '../../recorder/test/helpers/recording.js';
import type { TestCamera } from '../../recorder/test/helpers/rtsp-camera.js';
import { addTestCamera, checkStep, openWatchedBrowser, signIn, type WatchedBrowser } from './helpers.js';

describe('evidence in chromium', { timeout: 180_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: WatchedBrowser;
  let source: TestCamera;
  let cameraId: number;
  let chunks: IndexedChunk[];
  let page: Page;

  before(async () => {
    t = await createTestApp();
    origin = `http://${await listen(t.app)}`;
    browser = await openWatchedBrowser();
    const camera = await addTestCamera(t, 'Gate', { recording_enabled: true, recording_segment_seconds: 10 });
    source = camera.source;
    cameraId = camera.id;
    chunks = await chunkCollector(t.container.recordingEngine, cameraId).waitFor(1);
    ({ page } = await browser.newPage({ width: 1280, height: 900 }));
    await page.goto(`${origin}/admin/system`);
    await signIn(page, 'admin', ADMIN_PASSWORD);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await source?.close();
    assert.deepEqual(browser.problems, []);
  });

  it('shows the signing key fingerprint on the System page', async () => {
    const key = (
      await t.request({ method: 'GET', url: '/api/v1/system/signing-key', token: t.adminToken })
    ).json<{ fingerprint: string }>();
    await page.getByRole('heading', { name: 'Evidence signing key' }).waitFor();
    assert.equal(await page.getByTestId('key-fingerprint').textContent(), key.fingerprint);
    await checkStep(page, 'evidence-system');
  });

  it('shows the range verified, then a warning naming the chunk whose bytes changed', async () => {
    const first = chunks[0]!;
    await page.goto(`${origin}/recordings/${cameraId}?t=${first.startMs + 2_000}`);
    await page.getByTestId('integrity-verified').waitFor();
    assert.match(
      (await page.getByTestId('integrity-verified').textContent())!,
      /Verified: \d+ chunks? match/,
    );
    await checkStep(page, 'evidence-verified');
    // The last byte of the chunk changes on disk (the picture still plays: it is the end of a frame's data).
    const file = join(t.config.recordingsDir, first.path);
    const bytes = readFileSync(file);
    bytes[bytes.length - 1]! ^= 0xff;
    writeFileSync(file, bytes);
    await page.getByRole('button', { name: 'Check again' }).click();
    const warning = page.getByTestId('integrity-warning');
    await warning.waitFor();
    assert.match((await warning.textContent())!, /does not match its evidence chain/);
    assert.match((await warning.textContent())!, /altered \(its bytes changed\)/);
    await checkStep(page, 'evidence-altered');
  });
});
