import type { TestProject } from 'vitest/node';
import { startBuiltServer } from './built-server';

/** Starts the browser tests' shared server: the built app on a free port and a fresh data folder. */
export default async function setup(project: TestProject) {
  const server = await startBuiltServer();
  project.provide('baseURL', server.baseURL);
  return () => server.stop();
}
