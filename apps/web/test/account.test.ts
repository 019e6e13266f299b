// The account screens in Debian's chromium against a real recorder: the first start's generated password that
// must be replaced before anything else, a password change, signing out everywhere, the theme, and every main
// screen at a phone's width. axe-core on each screen (in the dark theme too); no console error in the whole run.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createTestApp, USER_PASSWORD, type TestApp } from '../../recorder/test/helpers/app.js';
import { listen } from '../../recorder/test/helpers/event-clients.js';
import { openWatchedBrowser, seriousViolations, signIn, type WatchedBrowser } from './helpers.js';

describe('account in chromium', { timeout: 240_000 }, () => {
  let t: TestApp;
  let origin: string;
  let browser: WatchedBrowser;

  before(async () => {
    // A first start without ADMIN_PASSWORD: the recorder generated the admin's password.
    t = await createTestApp({ generatedAdminPassword: true });
    origin = `http://${await listen(t.app)}`;
    browser = await openWatchedBrowser();
    // Made now: the first test replaces the admin's password, which ends the admin token that makes users.
    for (const username of ['casey', 'robin', 'morgan']) await t.createUser(username);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    assert.deepEqual(browser.problems, []);
  });

  const canSignIn = async (username: string, password: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username, password },
      })
    ).statusCode === 200;

  async function changePassword(page: Page, current: string, next: string, submit: string): Promise<void> {
    await page.getByLabel('Current password').fill(current);
    await page.getByLabel('New password', { exact: true }).fill(next);
    await page.getByLabel('New password again').fill(next);
    await page.getByRole('button', { name: submit }).click();
  }

  it('asks for a new password while the admin still has the generated one, and nothing opens before', async () => {
    const { page } = await browser.newPage();
    await page.goto(`${origin}/cameras`);
    await signIn(page, 'admin', t.adminPassword);
    await page.getByRole('heading', { name: 'Choose your own password' }).waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0);
    assert.deepEqual(await seriousViolations(page), []);

    // The two new passwords must agree; the client says so at the field.
    await page.getByLabel('Current password').fill(t.adminPassword);
    await page.getByLabel('New password', { exact: true }).fill('Harbour-lights-42');
    await page.getByLabel('New password again').fill('Harbour-lights-43');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('The two new passwords differ.').waitFor();

    await changePassword(page, t.adminPassword, 'Harbour-lights-42', 'Save and continue');
    // Straight on to the deep link, signed in with the new password; the generated one is dead.
    await page.getByRole('heading', { name: 'Cameras' }).waitFor();
    assert.equal(await canSignIn('admin', t.adminPassword), false);
    assert.equal(await canSignIn('admin', 'Harbour-lights-42'), true);
    await page.reload();
    await page.getByRole('heading', { name: 'Cameras' }).waitFor();
    await page.context().close();
  });

  it('changes the password on the account screen, saying when the current one is wrong', async () => {
    const { page } = await browser.newPage();
    await page.goto(`${origin}/account`);
    await signIn(page, 'casey', USER_PASSWORD);
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);

    browser.expectedStatuses.add(400);
    await changePassword(page, 'not-my-password', 'Blue-kettle-77', 'Change password');
    await page.getByRole('alert').filter({ hasText: 'Current password is incorrect' }).waitFor();
    browser.expectedStatuses.delete(400);
    assert.equal(await canSignIn('casey', USER_PASSWORD), true);

    await changePassword(page, USER_PASSWORD, 'Blue-kettle-77', 'Change password');
    await page.getByText('Password changed').first().waitFor();
    assert.equal(await canSignIn('casey', 'Blue-kettle-77'), true);
    assert.equal(await canSignIn('casey', USER_PASSWORD), false);
    // Still signed in here, with the new password's session.
    await page.reload();
    await page.getByRole('heading', { name: 'Account' }).waitFor();
    await page.context().close();
  });

  it('signs out everywhere: another browser of the same account has to sign in again', async () => {
    const laptop = (await browser.newPage()).page;
    const phone = (await browser.newPage({ width: 390, height: 844 })).page;
    for (const page of [laptop, phone]) {
      await page.goto(`${origin}/account`);
      await signIn(page, 'robin', USER_PASSWORD);
      await page.getByRole('heading', { name: 'Account' }).waitFor();
    }
    await laptop.getByRole('button', { name: 'Sign out everywhere' }).click();
    await laptop.getByRole('dialog').waitFor();
    assert.deepEqual(await seriousViolations(laptop), []);
    await laptop.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await laptop.getByRole('heading', { name: 'Sign in to your recorder' }).waitFor();

    // The phone's session is gone too: its next start finds no session to restore.
    browser.expectedStatuses.add(401);
    await phone.reload();
    await phone.getByRole('heading', { name: 'Sign in to your recorder' }).waitFor();
    browser.expectedStatuses.delete(401);
    await laptop.context().close();
    await phone.context().close();
  });

  it('switches to the dark theme and keeps it; every main screen fits a phone', async () => {
    const { page } = await browser.newPage({ width: 390, height: 844 });
    await page.goto(`${origin}/live`);
    await signIn(page, 'morgan', USER_PASSWORD);
    await page.getByRole('heading', { name: 'No cameras yet' }).waitFor();
    const theme = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    // System (light here) → light → dark.
    await page.getByRole('button', { name: /switch to the light theme/ }).click();
    await page.getByRole('button', { name: /switch to the dark theme/ }).click();
    assert.equal(await theme(), true);
    await page.reload();
    await page.getByRole('heading', { name: 'No cameras yet' }).waitFor();
    assert.equal(await theme(), true);

    for (const [path, heading] of [
      ['/live', 'No cameras yet'],
      ['/recordings', 'Recordings'],
      ['/cameras', 'Cameras'],
      ['/events', 'Events'],
      ['/alerts', 'Alerts'],
      ['/layouts', 'Layouts'],
      ['/account', 'Account'],
    ] as const) {
      await page.goto(`${origin}${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `${path} is ${width} px wide on a 390 px phone`);
      assert.deepEqual(await seriousViolations(page), [], `${path} in the dark theme`);
    }
    await page.context().close();
  });
});
