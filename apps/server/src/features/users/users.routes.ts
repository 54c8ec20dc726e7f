import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createUserBodySchema,
  createUserResponseSchema,
  resetPasswordResponseSchema,
  resetSecondFactorResponseSchema,
  updateUserBodySchema,
  userListQuerySchema,
  userPageSchema,
  userResponseSchema,
} from '@rtms/shared/schemas/users';
import { principalOf, type AuthGuards } from '../../platform/auth';
import { registerCrudRoutes } from '../../platform/crud.routes';
import { idParams as params, routeOptions } from '../../platform/route-schema';
import type { UsersService } from './users.service';

/** Users (My Profile for FACILITY_USER): list, create, read, update (role, deactivate), reset password. */
export function usersRoutes(users: UsersService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'users');
  return async (app) => {
    registerCrudRoutes(app, guards, users, {
      path: '/users',
      list: {
        access: 'user:read',
        summary: 'List users: all, those sharing my facilities (FACILITY_ADMIN) or only me (FACILITY_USER)',
        query: userListQuerySchema,
        page: userPageSchema,
      },
      create: {
        access: 'user:create',
        summary: 'Create a user; without `password` a temporary one is generated and returned once',
        body: createUserBodySchema,
        created: createUserResponseSchema,
      },
      get: { access: 'user:read', summary: 'Read a user', answer: userResponseSchema },
      update: {
        // Everyone may edit their own names; the service requires user:update (and user:editRole) for the rest.
        access: 'user:read',
        summary: 'Update a user; {role} changes the role, {active: false} deactivates (both sign the user out)',
        body: updateUserBodySchema,
        answer: userResponseSchema,
      },
    });

    app.post(
      '/users/:id/reset-password',
      route(
        'user:resetPassword',
        'Reset a user’s password: returns a temporary password (shown once) to change at next sign-in',
        { params, response: { 200: resetPasswordResponseSchema } },
      ),
      async (request) => ({ data: await users.resetPassword(principalOf(request), request.params.id) }),
    );

    app.delete(
      '/users/:id/mfa',
      route(
        'user:resetPassword',
        'Reset a user’s second factor (a lost device): removes it and signs the user out; audited',
        { params, response: { 200: resetSecondFactorResponseSchema } },
      ),
      async (request) => ({ data: await users.resetSecondFactor(principalOf(request), request.params.id) }),
    );
  };
}
