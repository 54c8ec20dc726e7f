import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { readServerPreferences } from './support/interface-settings';
import { shellShape, settled, blur, backgroundOf, settingsShell } from './support/interface-settings-shell';

/** The interface settings: navigation styles, the collapsed sidebar, layouts and themes. */
describe('interface settings', () => {
  const { open, savedToServer, openSettingsPanel, currentToken } = settingsShell();

  it('switches every navigation style from the panel named "Interface settings", with a live preview', async () => {
    const { page, context } = await open();
    const panel = await openSettingsPanel(page);
    const checks: Record<string, (shape: Awaited<ReturnType<typeof shellShape>>) => void> = {
      'Mini sidebar': (shape) => {
        expect(shape.sider?.width).toBe(80);
        expect(shape.header).not.toBeNull();
      },
      Drawer: (shape) => {
        expect(shape.sider).toBeNull();
        expect(shape.drawerButton).toBe(true);
        expect(shape.horizontalMenu).toBeNull();
      },
      'Expanded sidebar, no header': (shape) => {
        expect(shape.sider?.width).toBe(260);
        expect(shape.header).toBeNull();
      },
      'Mini sidebar, no header': (shape) => {
        expect(shape.sider?.width).toBe(80);
        expect(shape.header).toBeNull();
      },
      Horizontal: (shape) => {
        expect(shape.sider).toBeNull();
        expect(shape.horizontalMenu!.top).toBeGreaterThanOrEqual(shape.header!.bottom - 1);
      },
      'Dark horizontal': (shape) => {
        expect(shape.sider).toBeNull();
        expect(shape.horizontalMenu!.top).toBeGreaterThanOrEqual(shape.header!.bottom - 1);
      },
      'Inside the header': (shape) => {
        expect(shape.sider).toBeNull();
        expect(shape.menuInHeader).toBe(true);
      },
      'Below the header': (shape) => {
        expect(shape.horizontalMenu!.top).toBeGreaterThanOrEqual(shape.header!.bottom - 1);
      },
      'Above the header': (shape) => {
        expect(shape.horizontalMenu!.bottom).toBeLessThanOrEqual(shape.header!.top + 1);
      },
      'Fixed sidebar': (shape) => {
        expect(shape.sider?.width).toBe(260);
        expect(shape.header).not.toBeNull();
        expect(shape.horizontalMenu).toBeNull();
      },
    };
    for (const [label, check] of Object.entries(checks)) {
      await panel.getByRole('radio', { name: label, exact: true }).check();
      await expect(panel.getByRole('radio', { name: label, exact: true }).isChecked()).resolves.toBe(true);
      await settled(page);
      check(await shellShape(page));
      if (label === 'Horizontal') {
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'hidden' });
        await blur(page);
        await saveScreenshot(page, 'nav-horizontal');
        await openSettingsPanel(page);
      }
    }
    // The dark and green menu bars, for the record.
    await panel.getByRole('radio', { name: 'Below the header', exact: true }).check();
    await expect(backgroundOf(page, '.app-hnav')).resolves.toBe('rgb(15, 107, 62)');
    await panel.getByRole('radio', { name: 'Dark horizontal', exact: true }).check();
    await expect(backgroundOf(page, 'header.app-header')).resolves.toBe('rgb(11, 31, 23)');
    const saved = savedToServer(page);
    await panel.getByRole('radio', { name: 'Inside the header', exact: true }).check();
    await saved;
    await expect(readServerPreferences(currentToken())).resolves.toMatchObject({
      navStyle: 'NAV_STYLE_INSIDE_HEADER_HORIZONTAL',
    });
    await context.close();
  });

  it('collapses the sidebar to its mini form and back, and toggles the drawer', async () => {
    const { page, context } = await open();
    await page.getByRole('button', { name: 'Collapse navigation' }).click();
    await settled(page);
    expect((await shellShape(page)).sider?.width).toBe(80);
    let panel = await openSettingsPanel(page);
    await expect(panel.getByRole('radio', { name: 'Mini sidebar', exact: true }).isChecked()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Expand navigation' }).click();
    await settled(page);
    expect((await shellShape(page)).sider?.width).toBe(260);

    // Without a header the collapse button is in the sidebar.
    panel = await openSettingsPanel(page);
    await panel.getByRole('radio', { name: 'Expanded sidebar, no header', exact: true }).check();
    await page.keyboard.press('Escape');
    await page.locator('.app-sider').getByRole('button', { name: 'Collapse navigation' }).click();
    await settled(page);
    expect((await shellShape(page)).sider?.width).toBe(80);

    panel = await openSettingsPanel(page);
    await panel.getByRole('radio', { name: 'Drawer', exact: true }).check();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await drawer.getByRole('menuitem', { name: 'Calendar' }).click();
    await page.waitForURL('**/calendar');
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('switches the layout: full, boxed (1280 px, centred) and framed', async () => {
    const { page, context } = await open({ viewport: { width: 1600, height: 900 } });
    const panel = await openSettingsPanel(page);
    const shell = () => page.locator('.app-shell').boundingBox();
    await panel.getByRole('radio', { name: 'Boxed' }).check();
    const boxed = await shell();
    expect(boxed?.width).toBe(1280);
    expect(boxed?.x).toBeGreaterThan(100);
    await panel.getByRole('radio', { name: 'Framed' }).check();
    const framed = await shell();
    expect(framed?.x).toBe(16);
    expect(framed?.y).toBe(16);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await blur(page);
    await saveScreenshot(page, 'layout-framed');
    await openSettingsPanel(page);
    await panel.getByRole('radio', { name: 'Full width' }).check();
    const full = await shell();
    expect(full?.x).toBe(0);
    expect(full?.width).toBeGreaterThan(1500);
    await context.close();
  });

  it('switches the theme: semi-dark, lite and dark, antd components included', async () => {
    const { page, context } = await open();
    const expectations = {
      'Semi dark': { sider: 'rgb(11, 31, 23)', header: 'rgb(255, 255, 255)', theme: 'light', shot: 'theme-semi-dark' },
      Lite: { sider: 'rgb(255, 255, 255)', header: 'rgb(255, 255, 255)', theme: 'light', shot: 'theme-lite' },
      Dark: { sider: 'rgb(11, 31, 23)', header: 'rgb(20, 20, 20)', theme: 'dark', shot: 'theme-dark' },
    };
    for (const [label, expected] of Object.entries(expectations)) {
      const panel = await openSettingsPanel(page);
      const choice = panel.getByRole('radio', { name: label, exact: true });
      await choice.check();
      // The new theme re-renders the shell and can take the focus out of the panel, whose Escape key then goes
      // to the page: wait for the theme, then close the panel with its own button.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.theme), { timeout: 10_000 })
        .toBe(expected.theme);
      await panel.getByRole('button', { name: 'Close', exact: true }).click();
      await panel.waitFor({ state: 'hidden' });
      await expect(backgroundOf(page, '.app-sider')).resolves.toBe(expected.sider);
      await expect(backgroundOf(page, 'header.app-header')).resolves.toBe(expected.header);
      await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe(expected.theme);
      // An antd component follows the theme: the user menu's text is light on dark and dark on light.
      const nameColor = await page
        .locator('.user-menu__text .ant-typography')
        .first()
        .evaluate((element) => getComputedStyle(element).color);
      const channels = nameColor.match(/\d+/g)!.slice(0, 3).map(Number);
      if (expected.theme === 'dark') expect(Math.min(...channels)).toBeGreaterThan(180);
      else expect(Math.max(...channels)).toBeLessThan(80);
      await blur(page);
      await saveScreenshot(page, expected.shot);
    }
    await context.close();
  });
});
