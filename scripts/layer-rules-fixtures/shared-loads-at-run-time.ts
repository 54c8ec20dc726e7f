// lint as: packages/shared/src/layer-fixture-loads.ts
// Each line marked "breaks" must be reported by a layer zone; the others must not.
import pg from 'pg'; // breaks
import Database from 'better-sqlite3'; // breaks

export const loaders = [
  () => import('node:crypto'), // breaks
  () => import('crypto'), // breaks
  () => import('react'), // breaks
  () => import('fastify'), // breaks
  () => import('kysely'), // breaks
  () => import('pg'), // breaks
  () => import('better-sqlite3'), // breaks
  (name: string) => import(name), // breaks
  () => require('zod'), // breaks
  () => import('./common-passwords.data'),
  pg,
  Database,
];
