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
import type { UsersService } from './users.service';
import { apiErrors as errors, bearerSecurity as security, idParams as params } from '../../platform/route-schema';

/** Users (My Profile for FACILITY_USER): list, create, read, update (role, deactivate), reset password. */
export function usersRoutes(users: UsersService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users',
      {
        preHandler: guards.requirePermission('user:read'),
        schema: {
          tags: ['users'],
          summary: 'List users: all, those sharing my facilities (FACILITY_ADMIN) or only me (FACILITY_USER)',
          security,
          querystring: userListQuerySchema,
          response: { 200: userPageSchema, ...errors },
        },
      },
      async (request) => users.list(principalOf(request), request.query),
    );

    app.post(
      '/users',
      {
        preHandler: guards.requirePermission('user:create'),
        schema: {
          tags: ['users'],
          summary: 'Create a user; without `password` a temporary one is generated and returned once',
          security,
          body: createUserBodySchema,
          response: { 201: createUserResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await users.create(principalOf(request), request.body) }),
    );

    app.get(
      '/users/:id',
      {
        preHandler: guards.requirePermission('user:read'),
        schema: {
          tags: ['users'],
          summary: 'Read a user',
          security,
          params,
          response: { 200: userResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await users.get(principalOf(request), request.params.id) }),
    );

    app.patch(
      '/users/:id',
      {
        // Everyone may edit their own names; the service requires user:update (and user:editRole) for the rest.
        preHandler: guards.requirePermission('user:read'),
        schema: {
          tags: ['users'],
          summary: 'Update a user; {role} changes the role, {active: false} deactivates (both sign the user out)',
          security,
          params,
          body: updateUserBodySchema,
          response: { 200: userResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await users.update(principalOf(request), request.params.id, request.body) }),
    );

    app.post(
      '/users/:id/reset-password',
      {
        preHandler: guards.requirePermission('user:resetPassword'),
        schema: {
          tags: ['users'],
          summary: 'Reset a user’s password: returns a temporary password (shown once) to change at next sign-in',
          security,
          params,
          response: { 200: resetPasswordResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await users.resetPassword(principalOf(request), request.params.id) }),
    );

    app.delete(
      '/users/:id/mfa',
      {
        preHandler: guards.requirePermission('user:resetPassword'),
        schema: {
          tags: ['users'],
          summary: 'Reset a user’s second factor (a lost device): removes it and signs the user out; audited',
          security,
          params,
          response: { 200: resetSecondFactorResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await users.resetSecondFactor(principalOf(request), request.params.id) }),
    );
  };
}
