// lint as: apps/web/src/lib/auth/widget-session.ts
// Each line marked "breaks" must be reported by a layer zone; the others must not.
import { signIn } from '../../features/auth/api/sign-in'; // breaks
import { apiRequest } from '../api-client';

export const used = [signIn, apiRequest];
