import { version } from '../package.json';

/**
 * The release, read from package.json: the one place it is written (every workspace's package.json carries the
 * same, npm needs them; version.test.ts checks they agree). The OpenAPI document and the UI show this.
 */
export const RELEASE = version;
/** The application version string shown in the shell. */
export const APP_VERSION = `Version ${RELEASE}`;

/** Interface constants. */
export const DESKTOP_BREAKPOINT = 992;
export const INITIAL_WIDTH = 1367;
export const DRAWER_WIDTH = 378;
export const DRAWER_WIDTH_LARGE = 736;
export const AVATAR_SIZE = 50;
export const SCROLLBAR_MIN_THUMB_SIZE = 30;
export const SCROLLBAR_AUTO_HIDE_DELAY_MS = 1000;
export const SCROLLBAR_AUTO_HIDE_DURATION_MS = 200;

/** Pagination limits shared by every list endpoint and table. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;

/** Password strength rule (ASVS 5.0 L2: at least 12 characters, at most 128; no composition rules). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
