// The web app in Debian's chromium against a real recorder: sign-in, reading the clock the test cameras burn
// into their frames from the page's <video> elements, and axe-core over the current screen.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The wall-clock time (unix ms) each playing <video> of the page shows, by its `data-camera-id`, read from the
 * test camera's clock code (rtsp_camera.py --clock-code); null for a frame without a readable code.
 */
export function shownClocks(page: Page): Promise<Record<string, number | null>> {
  return page.evaluate(() => {
    const BLOCK = 24;
    const COLUMNS = 24;
    const LEFT = 32;
    const TOP = 24;
    const out: Record<string, number | null> = {};
    for (const video of Array.from(document.querySelectorAll('video'))) {
      const id = video.dataset.cameraId ?? '?';
      out[id] = null;
      if (video.videoWidth < LEFT + COLUMNS * BLOCK) continue;
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      context.drawImage(video, 0, 0);
      const width = LEFT + COLUMNS * BLOCK;
      const pixels = context.getImageData(0, 0, width, TOP + 2 * BLOCK).data;
      let word = 0n;
      for (let i = 0; i < 48; i += 1) {
        const x = LEFT + (i % COLUMNS) * BLOCK + BLOCK / 2;
        const y = TOP + Math.floor(i / COLUMNS) * BLOCK + BLOCK / 2;
        word = (word << 1n) | (pixels[(y * width + x) * 4]! > 128 ? 1n : 0n);
      }
      const value = word >> 8n;
      let sum = 0n;
      for (let shift = 0n; shift < 40n; shift += 8n) sum += (value >> shift) & 0xffn;
      if (sum % 256n !== (word & 0xffn)) continue;
      const period = 2 ** 40;
      const code = Number(value);
      out[id] = code + Math.round((Date.now() - code) / period) * period;
    }
    return out;
  });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core over the page as it is; only the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (no inline script) is not bent for the test.
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
