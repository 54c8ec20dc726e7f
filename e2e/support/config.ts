import { APP_VERSION } from '../../packages/shared/src/constants';
/** Where the browser tests find Chromium, and the credentials of the server they start. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'e2e-admin-password-1';
export const COMPANY_NAME = 'Northwind Renewables';
export const APP_NAME = 'RTMS';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** The shell's version line, from the one source (package.json through the shared constants). */
export const VERSION_TEXT = APP_VERSION;
