import { displayNameOf } from '@rtms/shared/display-name';
import type { SessionUser } from '@rtms/shared/schemas/auth';

/** What the original application keeps in local storage: the access token, email, name, role, _id and full name. */
const KEYS = ['token', 'email', 'name', 'role', '_id', 'fullName'] as const;

export function readStoredToken(): string | null {
  return localStorage.getItem('token');
}

export function storeSession(token: string, user: SessionUser): void {
  localStorage.setItem('token', token);
  localStorage.setItem('email', user.email);
  localStorage.setItem('name', user.name);
  localStorage.setItem('role', user.role);
  localStorage.setItem('_id', user._id);
  localStorage.setItem('fullName', displayNameOf(user));
}

export function storeToken(token: string): void {
  localStorage.setItem('token', token);
}

export function clearStoredSession(): void {
  for (const key of KEYS) localStorage.removeItem(key);
}
