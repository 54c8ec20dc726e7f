// lint as: apps/server/src/platform/layer-fixture.ts
// Each line marked "breaks" must be reported by a layer zone; the others must not.
import type { SessionsService } from '../features/sessions/sessions.service'; // breaks
import { findUserById } from '../features/users/users.repository'; // breaks
import { AppError } from './errors';
import type { Database } from '../db/schema';

export type Used = [SessionsService, Database];
export const used = [findUserById, AppError];
