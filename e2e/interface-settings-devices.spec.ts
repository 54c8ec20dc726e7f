import { describe, expect, it } from 'vitest';
import { saveScreenshot, signInThroughForm } from './support/browser';
import {
  preferences,
  readServerPreferences,
  storeServerPreferences,
  waitForSettledPage,
} from './support/interface-settings';
import { shellShape, stillAfterMotion, settingsShell } from './support/interface-settings-shell';

/** The interface settings: small screens, persistence across devices, the keyboard and the scrollbar. */
describe('interface settings: devices, persistence and keyboard', () => {
  const { open, savedToServer, openSettingsPanel, currentToken } = settingsShell();

  it('becomes a drawer below 992 px and hides the horizontal menu', async () => {
    const { page, context } = await open({ viewport: { width: 992, height: 800 } });
    expect((await shellShape(page)).sider?.width).toBe(260);
    await page.setViewportSize({ width: 991, height: 800 });
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    expect((await shellShape(page)).sider).toBeNull();
    await page.setViewportSize({ width: 992, height: 800 });
    await page.locator('.app-sider').waitFor();

    await storeServerPreferences(currentToken(), preferences({ navStyle: 'NAV_STYLE_BELOW_HEADER' }));
    await page.evaluate(
      (stored) => localStorage.setItem('interfaceSettings', stored),
      JSON.stringify(preferences({ navStyle: 'NAV_STYLE_BELOW_HEADER' })),
    );
    await page.reload();
    await waitForSettledPage(page, true);
    expect((await shellShape(page)).horizontalMenu).not.toBeNull();
    await page.setViewportSize({ width: 991, height: 800 });
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    const narrow = await shellShape(page);
    expect(narrow.horizontalMenu).toBeNull();
    expect(narrow.sider).toBeNull();
    await context.close();
  });

  it('is usable at 375 px: no sideways scrolling, and the drawer works by touch', async () => {
    const { page, context } = await open({ viewport: { width: 375, height: 740 }, touch: true });
    for (const path of ['/', '/facilities', '/users', '/change-password', '/settings/regulations']) {
      await page.goto(path);
      await waitForSettledPage(page, true);
      const widths = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect({ path, scrollWidth: widths[0] }).toEqual({ path, scrollWidth: widths[1] });
    }
    await page.goto('/');
    await waitForSettledPage(page, true);
    await page.getByRole('button', { name: 'Open navigation' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await drawer.waitFor();
    await stillAfterMotion(drawer);
    const box = await drawer.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375 - 48 + 0.5);
    expect(box!.x).toBe(0);
    await saveScreenshot(page, 'drawer-375');
    await drawer.getByRole('menuitem', { name: 'Calendar' }).tap();
    await page.waitForURL('**/calendar');
    await drawer.waitFor({ state: 'hidden' });
    // The settings panel fits the phone too.
    const panel = await openSettingsPanel(page);
    expect((await panel.boundingBox())!.width).toBeLessThanOrEqual(375 - 48 + 0.5);
    await context.close();
  });

  it('keeps the choices across reloads and devices, and on this device before sign-in', async () => {
    // Before sign-in: kept in this browser.
    const first = await open({ signedOut: true });
    await first.page.getByRole('button', { name: 'Language', exact: true }).click();
    await first.page.getByRole('menuitem', { name: 'Español' }).click();
    await first.page.getByRole('heading', { name: 'Iniciar sesión en RTMS' }).waitFor();
    await first.page.reload();
    await first.page.getByRole('heading', { name: 'Iniciar sesión en RTMS' }).waitFor();
    await expect(first.page.evaluate(() => document.documentElement.lang)).resolves.toBe('es');

    // Signing in keeps the language chosen on the sign-in page (the server had nothing stored) and saves it.
    await first.page.locator('#signin-email').fill('admin@e2e.test');
    await first.page.locator('#signin-password').fill('e2e-admin-password-1');
    const saved = savedToServer(first.page);
    await first.page.locator('form button[type="submit"]').click();
    await first.page.getByRole('menuitem', { name: 'Panel' }).waitFor();
    await saved;
    await expect(readServerPreferences(currentToken())).resolves.toMatchObject({ locale: { locale: 'es' } });

    // Change more, reload: all kept.
    await first.page.getByRole('button', { name: 'Ajustes de la interfaz' }).click();
    const panel = first.page.getByRole('dialog', { name: 'Ajustes de la interfaz' });
    const savedAgain = savedToServer(first.page);
    await panel.getByRole('radio', { name: 'Oscuro', exact: true }).check();
    await panel.getByRole('radio', { name: 'Encima de la cabecera' }).check();
    await panel.getByRole('radio', { name: 'En caja' }).check();
    await savedAgain;
    await first.page.reload();
    await waitForSettledPage(first.page, true);
    const kept = await first.page.evaluate(() => ({
      lang: document.documentElement.lang,
      theme: document.documentElement.dataset.theme,
      boxed: document.querySelector('.app-frame--boxed') !== null,
      above: document.querySelector('.app-topbar--above') !== null,
    }));
    expect(kept).toEqual({ lang: 'es', theme: 'dark', boxed: true, above: true });

    // Another device: a fresh browser signs in and gets the same settings from the server.
    const second = await open({ signedOut: true });
    await signInThroughForm(second.page);
    await second.page.getByRole('menuitem', { name: 'Panel' }).waitFor();
    await expect(
      second.page.evaluate(() => ({
        lang: document.documentElement.lang,
        theme: document.documentElement.dataset.theme,
        boxed: document.querySelector('.app-frame--boxed') !== null,
      })),
    ).resolves.toEqual({ lang: 'es', theme: 'dark', boxed: true });
    await first.context.close();
    await second.context.close();
  });

  it('can be used with the keyboard alone, with a visible focus', async () => {
    const { page, context } = await open();
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return {
          name: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '',
          tag: element.tagName,
          id: element.id,
          outlined: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1,
        };
      });
    await page.keyboard.press('Tab');
    await expect(focused()).resolves.toMatchObject({ name: 'Skip to main content', outlined: true });
    await expect(page.getByRole('link', { name: 'Skip to main content' }).boundingBox()).resolves.toMatchObject({
      y: 8,
    });
    await page.keyboard.press('Enter');
    await expect(focused()).resolves.toMatchObject({ id: 'main-content' });

    // Every stop through the shell shows where the focus is.
    await page.reload();
    await waitForSettledPage(page, true);
    const seen: string[] = [];
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      const now = await focused();
      // After the last control the focus leaves the page (to the browser) and comes back round.
      if (now.tag === 'BODY') continue;
      expect({ now: now.name, outlined: now.outlined }).toEqual({ now: now.name, outlined: true });
      seen.push(now.name);
    }
    expect(seen).toEqual(
      expect.arrayContaining(['Skip to main content', 'RTMS', 'Collapse navigation', 'Language', 'Interface settings']),
    );

    // The language menu: Enter opens it on the current language, arrows move, Enter chooses.
    await page.getByRole('button', { name: 'Language', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(focused()).resolves.toMatchObject({ name: 'English' });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Panel' }).waitFor();
    await expect(focused()).resolves.toMatchObject({ tag: 'BUTTON' });
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Dashboard' }).waitFor();

    // The settings panel: arrows choose the next theme at once.
    await page.getByRole('button', { name: 'Interface settings' }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Interface settings' });
    await panel.waitFor();
    await panel.getByRole('radio', { name: 'Semi dark' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(panel.getByRole('radio', { name: 'Lite' }).isChecked()).resolves.toBe(true);
    await expect(focused()).resolves.toMatchObject({ tag: 'INPUT' });
    const cardOutline = await panel
      .locator('.option-card:has(input:focus-visible)')
      .evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(cardOutline).toBe('solid');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('draws the original application scrollbar: at least 30 px, hidden 1000 ms after scrolling, fading in 200 ms', async () => {
    const { page, context } = await open({ viewport: { width: 1367, height: 220 } });
    const panel = await openSettingsPanel(page);
    const area = panel.locator('.scroll-area');
    const track = area.locator('.scroll-area__track');
    // Timestamps in the page: the last scroll or pointer movement over the area, and when the bar was hidden.
    await area.evaluate((element) => {
      const times = { lastActivity: 0, hiddenAt: 0 };
      (window as unknown as { scrollTimes: typeof times }).scrollTimes = times;
      const viewport = element.querySelector('.scroll-area__viewport')!;
      viewport.addEventListener('scroll', () => (times.lastActivity = performance.now()));
      element.addEventListener('pointermove', () => (times.lastActivity = performance.now()));
      new MutationObserver(() => {
        if (!element.classList.contains('scroll-area--visible')) times.hiddenAt = performance.now();
      }).observe(element, { attributes: true, attributeFilter: ['class'] });
    });
    await area.hover();
    await page.mouse.wheel(0, 120);
    await expect(area.evaluate((element) => element.classList.contains('scroll-area--visible'))).resolves.toBe(true);
    const thumb = await area.locator('.scroll-area__thumb').boundingBox();
    expect(thumb!.height).toBe(30);
    await expect(track.evaluate((element) => getComputedStyle(element).transitionDuration)).resolves.toBe('0.2s');
    await page.mouse.move(5, 5);
    await page.waitForFunction(
      () => !document.querySelector('.settings-panel__scroll.scroll-area--visible'),
      undefined,
      {
        timeout: 5000,
      },
    );
    const times = await page.evaluate(
      () => (window as unknown as { scrollTimes: { lastActivity: number; hiddenAt: number } }).scrollTimes,
    );
    const hiddenAfter = times.hiddenAt - times.lastActivity;
    expect(hiddenAfter).toBeGreaterThanOrEqual(990);
    expect(hiddenAfter).toBeLessThan(1400);
    // Then it fades out (200 ms).
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.settings-panel__scroll .scroll-area__track')!).opacity === '0',
      undefined,
      { timeout: 2000 },
    );
    await context.close();
  });
});
