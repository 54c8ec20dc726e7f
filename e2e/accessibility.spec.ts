import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAxeViolations, type AxeFinding } from './support/axe';
import { waitForLoaded } from './support/browser';
import { uiSession } from './support/ui-session';
import {
  apiToken,
  DEFAULTS,
  openWithSettings,
  preferences,
  storeServerPreferences,
  waitForSettledPage,
  type Preferences,
} from './support/interface-settings';

/** Every page of the signed-in shell for the admin, who sees every area. */
const SHELL_PAGES = [
  '/',
  '/calendar',
  '/tasks',
  '/users',
  '/facilities',
  '/user-facilities',
  '/requirements',
  '/task-documents',
  '/documents-library',
  '/archive-documents',
  '/audit',
  '/settings/regulations',
  '/settings/program-areas',
  '/settings/security',
  '/change-password',
  '/account-security',
  '/no-such-page',
];

/** The three themes, and Arabic (right to left) in the default theme. */
const VARIANTS: { name: string; settings: Preferences }[] = [
  { name: 'semi-dark', settings: preferences({ themeType: 'THEME_TYPE_SEMI_DARK' }) },
  { name: 'lite', settings: preferences({ themeType: 'THEME_TYPE_LITE' }) },
  { name: 'dark', settings: preferences({ themeType: 'THEME_TYPE_DARK' }) },
  { name: 'Arabic', settings: preferences({ language: 'ar' }) },
];

const describeFindings = (where: string, findings: AxeFinding[]) =>
  findings.map(
    (finding) => `${where}: ${finding.id} (${finding.impact}) ${finding.help} — ${JSON.stringify(finding.nodes)}`,
  );

/** Accessibility: no axe-core violation of the WCAG 2.1 A/AA rules on any screen. */
describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  const session = uiSession();
  let token: string;

  beforeAll(async () => {
    token = await apiToken();
  });
  afterAll(async () => {
    await storeServerPreferences(token, DEFAULTS);
  });

  const open = async (options: Parameters<typeof openWithSettings>[1]) =>
    session.track(await openWithSettings(session.browser, options));

  it.each(VARIANTS)('the sign-in, sign-up and 500 pages, $name', async ({ settings }) => {
    const { page, context } = await open({ preferences: settings });
    const problems = describeFindings('/signin', await findAxeViolations(page));
    // With the validation messages shown too.
    await page.locator('form button[type="submit"]').click();
    await page.locator('.signin__error:not(:empty)').first().waitFor();
    problems.push(...describeFindings('/signin (errors)', await findAxeViolations(page)));
    // The other pages a signed-out visitor can reach.
    for (const path of ['/signup', '/500']) {
      await page.goto(path);
      await page.locator('.ant-result-title').waitFor();
      problems.push(...describeFindings(path, await findAxeViolations(page)));
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  it.each(VARIANTS)('every shell page, $name', { timeout: 180_000 }, async ({ settings }) => {
    const { page, context } = await open({ token, preferences: settings });
    const problems: string[] = [];
    for (const path of SHELL_PAGES) {
      await page.goto(path);
      await waitForSettledPage(page, true);
      await waitForLoaded(page);
      problems.push(...describeFindings(path, await findAxeViolations(page)));
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  it(
    'every navigation style, the open menus, the settings panel and the phone drawer',
    { timeout: 180_000 },
    async () => {
      const problems: string[] = [];
      const styles = [
        'NAV_STYLE_MINI_SIDEBAR',
        'NAV_STYLE_NO_HEADER_MINI_SIDEBAR',
        'NAV_STYLE_NO_HEADER_EXPANDED_SIDEBAR',
        'NAV_STYLE_DRAWER',
        'NAV_STYLE_DEFAULT_HORIZONTAL',
        'NAV_STYLE_DARK_HORIZONTAL',
        'NAV_STYLE_INSIDE_HEADER_HORIZONTAL',
        'NAV_STYLE_BELOW_HEADER',
        'NAV_STYLE_ABOVE_HEADER',
      ];
      for (const themeType of ['THEME_TYPE_SEMI_DARK', 'THEME_TYPE_DARK']) {
        for (const navStyle of styles) {
          const { page, context } = await open({ token, preferences: preferences({ navStyle, themeType }) });
          problems.push(...describeFindings(`${navStyle} ${themeType}`, await findAxeViolations(page)));
          await context.close();
        }
      }

      const { page, context } = await open({ token, preferences: preferences({ layoutType: 'LAYOUT_TYPE_FRAMED' }) });
      await page.getByRole('button', { name: 'Language', exact: true }).click();
      await page.getByRole('menu', { name: 'Language' }).waitFor();
      problems.push(...describeFindings('language menu', await findAxeViolations(page)));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Interface settings' }).click();
      await page.getByRole('dialog', { name: 'Interface settings' }).waitFor();
      // The panel slides and fades in (antd motion): judge the contrast once it has settled.
      await page.waitForTimeout(600);
      problems.push(...describeFindings('interface settings panel', await findAxeViolations(page)));
      await context.close();

      const phone = await open({
        token,
        preferences: preferences({ themeType: 'THEME_TYPE_LITE' }),
        viewport: { width: 375, height: 740 },
        touch: true,
      });
      await phone.page.getByRole('button', { name: 'Open navigation' }).tap();
      await phone.page.getByRole('dialog', { name: 'Main navigation' }).waitFor();
      // The menu's colours fade in (antd transition, 0.3 s): judge the contrast once they have settled.
      await phone.page.waitForTimeout(600);
      problems.push(...describeFindings('drawer at 375 px', await findAxeViolations(phone.page)));
      await phone.context.close();
      expect(problems).toEqual([]);
    },
  );
});
