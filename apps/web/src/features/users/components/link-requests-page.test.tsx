import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@rtms/shared/enums';
import type { SsoLinkRequest } from '@rtms/shared/schemas/auth';
import { renderWithProviders } from '../../../components/data/testing';
import { AuthProvider, useAuth } from '../../../lib/auth/auth-context';
import { LinkRequestsButton, LinkRequestsNotice } from './link-requests-entry';
import { LinkRequestsPage } from './link-requests-page';

const REQUEST: SsoLinkRequest = {
  _id: 'r1',
  userId: 'u2',
  userEmail: 'lin.ker@example.com',
  userName: 'Lin Ker',
  userRole: 'FACILITY_USER',
  issuer: 'https://id.contoso.test',
  subject: 'sub-2',
  email: 'someone.else@contoso.test',
  emailVerified: false,
  mappedRole: 'FACILITY_ADMIN',
  status: 'PENDING',
  createdAt: '2026-12-01T09:30:00.000Z',
  decidedAt: null,
};

/** What the fake server holds and answers. */
let pending: SsoLinkRequest[] = [];
let sso: { label: string; only: boolean } | null = { label: 'Contoso ID', only: false };
let role: Role = 'ALL_FACILITY_ADMIN';
/** The status of the next decision; 200 decides it, 409 says someone else already did. */
let decideStatus = 200;
let requests: { method: string; path: string; body: unknown }[] = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  pending = [REQUEST];
  sso = { label: 'Contoso ID', only: false };
  role = 'ALL_FACILITY_ADMIN';
  decideStatus = 200;
  requests = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = url.replace(/^\/api/, '');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, path, body });
    if (path === '/config')
      return json(200, {
        data: {
          appName: 'RTMS',
          logoUrl: '/logo.svg',
          companyName: '',
          companyWebsite: '',
          supportEmail: '',
          version: '1',
          sso,
        },
      });
    if (path === '/users/auth/me')
      return json(200, {
        data: {
          _id: 'u1',
          email: 'admin@example.com',
          name: 'Ada Admin',
          firstName: 'Ada',
          lastName: 'Admin',
          role,
          mustChangePassword: false,
          mfaEnrolmentRequired: false,
        },
      });
    if (path === '/auth/oidc/link-requests')
      return sso ? json(200, { data: pending }) : json(404, { code: 'NOT_FOUND', message: 'Single sign-on not found' });
    const decide = /^\/auth\/oidc\/link-requests\/([^/]+)\/decide$/.exec(path);
    if (decide && method === 'POST') {
      const request = pending.find((candidate) => candidate._id === decide[1]);
      pending = pending.filter((candidate) => candidate._id !== decide[1]);
      if (decideStatus !== 200 || !request)
        return json(409, { code: 'CONFLICT', message: 'This link request has already been decided' });
      const status = (body as { decision: string }).decision === 'APPROVE' ? 'APPROVED' : 'REJECTED';
      return json(200, { data: { ...request, status, decidedAt: '2026-12-01T10:00:00.000Z' } });
    }
    return json(404, { code: 'NOT_FOUND', message: `Not found: ${path}` });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const decisions = () => requests.filter((request) => request.method === 'POST');

/** Opens a row button's confirmation and confirms it with the popover's button named `confirm`. */
async function confirmRowAction(name: string, confirm: string) {
  fireEvent.click(await screen.findByRole('button', { name }));
  const popover = await screen.findByRole('tooltip');
  fireEvent.click(within(popover).getByRole('button', { name: confirm }));
}

describe('sign-in link requests', () => {
  it('shows who asked for which provider account and the role it hands out, and approves after a confirmation', async () => {
    renderWithProviders(<LinkRequestsPage />, '/users/link-requests');
    const table = await screen.findByRole('table', { name: 'Sign-in link requests' });
    await within(table).findByText('Lin Ker');
    expect(within(table).getByText('lin.ker@example.com')).toBeTruthy();
    expect(within(table).getByText('someone.else@contoso.test')).toBeTruthy();
    expect(within(table).getByText('Email not verified')).toBeTruthy();
    // The role the provider maps to, and the user's role today since it differs.
    expect(within(table).getByText('Facility admin')).toBeTruthy();
    expect(within(table).getByText('Now: Facility user')).toBeTruthy();
    expect(await screen.findByRole('columnheader', { name: 'Contoso ID account' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Approve the link of Lin Ker' }));
    // Nothing is decided before the confirmation.
    const popover = await screen.findByRole('tooltip');
    expect(within(popover).getByText('Link someone.else@contoso.test to Lin Ker?')).toBeTruthy();
    expect(decisions()).toEqual([]);
    fireEvent.click(within(popover).getByRole('button', { name: 'Approve' }));

    await screen.findByText('someone.else@contoso.test is now linked to Lin Ker');
    expect(decisions()).toEqual([
      { method: 'POST', path: '/auth/oidc/link-requests/r1/decide', body: { decision: 'APPROVE' } },
    ]);
    // The list is read again: the decided request is gone and the empty state says so.
    await screen.findByText('No sign-in link requests are waiting');
    expect(requests.filter((request) => request.path === '/auth/oidc/link-requests').length).toBeGreaterThan(1);
  }, 30_000);

  it('rejects after a confirmation', async () => {
    renderWithProviders(<LinkRequestsPage />, '/users/link-requests');
    await confirmRowAction('Reject the link of Lin Ker', 'Reject');
    await screen.findByText('The link of someone.else@contoso.test to Lin Ker was rejected');
    expect(decisions()).toEqual([
      { method: 'POST', path: '/auth/oidc/link-requests/r1/decide', body: { decision: 'REJECT' } },
    ]);
    await screen.findByText('No sign-in link requests are waiting');
  }, 30_000);

  it('says a request decided elsewhere can no longer be decided, and shows the list as it is now', async () => {
    decideStatus = 409;
    renderWithProviders(<LinkRequestsPage />, '/users/link-requests');
    await confirmRowAction('Approve the link of Lin Ker', 'Approve');
    await screen.findByText(/This request can no longer be decided/);
    await screen.findByText('No sign-in link requests are waiting');
    expect(screen.queryByText(/is now linked to/)).toBeNull();
  }, 30_000);

  it('says when single sign-on is not set up rather than showing an error', async () => {
    sso = null;
    renderWithProviders(<LinkRequestsPage />, '/users/link-requests');
    await screen.findByText('Single sign-on is not set up on this installation');
    expect(screen.queryByRole('alert')).toBeNull();
  }, 30_000);
});

/** The Users screen's entry, for the signed-in user the fake server answers. */
function Entry() {
  const { status } = useAuth();
  return status === 'signedIn' ? (
    <>
      <span>signed in</span>
      <LinkRequestsButton />
      <LinkRequestsNotice />
    </>
  ) : null;
}

describe('the entry on the Users screen', () => {
  const renderEntry = async () => {
    localStorage.setItem('token', 'stored-token');
    renderWithProviders(
      <AuthProvider>
        <Entry />
      </AuthProvider>,
      '/users',
    );
    await screen.findByText('signed in');
  };

  it('shows an all-facility admin the button and how many requests wait', async () => {
    await renderEntry();
    await screen.findByText('1 sign-in link request is waiting for your decision.');
    expect(await screen.findByRole('button', { name: 'Sign-in link requests' })).toBeTruthy();
  }, 30_000);

  it('shows nothing, and asks nothing, to a role the server would refuse', async () => {
    role = 'FACILITY_ADMIN';
    await renderEntry();
    await waitFor(() => expect(requests.some((request) => request.path === '/config')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Sign-in link requests' })).toBeNull();
    expect(requests.some((request) => request.path === '/auth/oidc/link-requests')).toBe(false);
  }, 30_000);

  it('shows nothing when single sign-on is not set up', async () => {
    sso = null;
    await renderEntry();
    await waitFor(() => expect(requests.some((request) => request.path === '/config')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Sign-in link requests' })).toBeNull();
    expect(screen.queryByText(/waiting for your decision/)).toBeNull();
  }, 30_000);
});
