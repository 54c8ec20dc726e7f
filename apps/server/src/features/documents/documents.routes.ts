import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@rtms/shared/schemas/common';
import {
  archiveDocumentBodySchema,
  documentDownloadQuerySchema,
  documentListQuerySchema,
  documentPageSchema,
  documentResponseSchema,
  documentTagsQuerySchema,
  documentTagsResponseSchema,
  type DocumentDetail,
  updateDocumentBodySchema,
  uploadRulesResponseSchema,
} from '@rtms/shared/schemas/documents';
import { sendJson } from '../../platform/answer-cache';
import { principalOf, type AuthGuards } from '../../platform/auth';
import { setFileHeaders } from '../../platform/downloads';
import { RATE_LIMITS, type RateLimiter } from '../../platform/rate-limit';
import { MULTIPART_LIMITS, receiveUpload, removeStaleUploads, type ReceivedUpload } from '../../platform/uploads';
import type { DocumentsService } from './documents.service';
import {
  apiErrors as errors,
  bearerSecurity as security,
  idParams as params,
  routeOptions,
} from '../../platform/route-schema';

const uploadErrors = { ...errors, 413: errorBodySchema, 415: errorBodySchema, 429: errorBodySchema };

const UPLOAD_DESCRIPTION =
  'multipart/form-data: the text fields first, then one file part named `file`. Fields: `kind` (TASK or ' +
  'LIBRARY, default LIBRARY), `title` (default: the file name), `description`, `taskId` (TASK), ' +
  '`evidenceDate` (TASK, YYYY-MM-DD, default today at the facility), `facilityId`, `programAreaId`, ' +
  '`regulationId`, `tags` (repeat the field, or a JSON array, or comma-separated), `retainUntil`. The file is ' +
  'checked by extension and content (413 over the size limit, 415 for a refused type).';

export interface DocumentsRoutesOptions {
  /** Where uploads wait while they are checked. */
  tempDir: string;
  /** Counts uploads per user (RATE_LIMITS.uploads), before the body is read. */
  rateLimits: RateLimiter;
}

/** `/api/documents`: task evidence and the Documents Library, with versions, archive, retention and downloads. */
export function documentsRoutes(
  documents: DocumentsService,
  guards: AuthGuards,
  options: DocumentsRoutesOptions,
): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'documents');
  const { maxBytes } = documents.uploadRules();
  /** Receives the multipart upload, stores it through `store`, and answers 201 once no temporary file remains. */
  const storeUpload = async (
    request: FastifyRequest,
    reply: FastifyReply,
    store: (upload: ReceivedUpload) => Promise<DocumentDetail>,
  ) => {
    const upload = await receiveUpload(request, { tempDir: options.tempDir, maxBytes });
    let data;
    try {
      data = await store(upload);
    } finally {
      await upload.cleanup();
    }
    return reply.status(201).send({ data });
  };

  return async (app) => {
    const stale = await removeStaleUploads(options.tempDir);
    if (stale) app.log.warn({ count: stale }, 'removed temporary upload files left by an earlier run');
    // Multipart is accepted by these routes only.
    await app.register(multipart, { limits: { ...MULTIPART_LIMITS, fileSize: maxBytes }, throwFileSizeLimit: false });

    app.get(
      '/documents/upload-rules',
      {
        preHandler: [guards.authenticate],
        schema: {
          tags: ['documents'],
          summary: 'The upload size limit and accepted file types',
          security,
          response: { 200: uploadRulesResponseSchema, 401: errorBodySchema },
        },
      },
      async () => ({ data: documents.uploadRules() }),
    );

    app.get(
      '/documents/tags',
      route('signed-in', 'Existing tags (of documents you can see) for suggestions, most used first', {
        querystring: documentTagsQuerySchema,
        response: { 200: documentTagsResponseSchema },
      }),
      async (request) => ({ data: await documents.tags(principalOf(request), request.query) }),
    );

    app.get(
      '/documents',
      route('signed-in', 'List documents (active by default; archived=true for the archive), in your facilities', {
        querystring: documentListQuerySchema,
        response: { 200: documentPageSchema },
      }),
      async (request, reply) => sendJson(reply, await documents.listAnswer(principalOf(request), request.query)),
    );

    app.post(
      '/documents',
      {
        onRequest: options.rateLimits.limit(RATE_LIMITS.uploads),
        preHandler: guards.requirePermission('document:upload'),
        schema: {
          tags: ['documents'],
          summary: 'Upload a document (task evidence or library)',
          description: UPLOAD_DESCRIPTION,
          consumes: ['multipart/form-data'],
          security,
          response: { 201: documentResponseSchema, ...uploadErrors },
        },
      },
      (request, reply) => storeUpload(request, reply, (upload) => documents.upload(principalOf(request), upload)),
    );

    app.get(
      '/documents/:id',
      route('signed-in', 'Read a document with all its versions', {
        params,
        response: { 200: documentResponseSchema },
      }),
      async (request) => ({ data: await documents.get(principalOf(request), request.params.id) }),
    );

    app.patch(
      '/documents/:id',
      route('document:upload', 'Update metadata (retainUntil and legalHold: roles that may archive)', {
        params,
        body: updateDocumentBodySchema,
        response: { 200: documentResponseSchema },
      }),
      async (request) => ({ data: await documents.update(principalOf(request), request.params.id, request.body) }),
    );

    app.get(
      '/documents/:id/download',
      {
        // The stored bytes as they are, whatever their type (a JSON file would otherwise be compressed).
        compress: false,
        preHandler: [guards.authenticate],
        schema: {
          tags: ['documents'],
          summary: 'Download the file (current or `version`); `inline=true` previews a PDF or an image',
          description:
            'The file, as an attachment (inline only for PDF and images with inline=true), with ' +
            "`X-Content-Type-Options: nosniff` and `Content-Security-Policy: default-src 'none'; sandbox`. " +
            'Errors are JSON: 401, 404.',
          security,
          params,
          querystring: documentDownloadQuerySchema,
        },
      },
      async (request, reply) => {
        const file = await documents.download(principalOf(request), request.params.id, request.query);
        setFileHeaders(reply, file);
        void reply.header('x-document-version', String(file.version));
        return reply.send(file.stream);
      },
    );

    app.post(
      '/documents/:id/versions',
      {
        onRequest: options.rateLimits.limit(RATE_LIMITS.uploads),
        preHandler: guards.requirePermission('document:upload'),
        schema: {
          tags: ['documents'],
          summary: 'Upload a new version of the file (older versions are kept)',
          description: 'multipart/form-data with one file part named `file` and no other field.',
          consumes: ['multipart/form-data'],
          security,
          params,
          response: { 201: documentResponseSchema, ...uploadErrors },
        },
      },
      (request, reply) =>
        storeUpload(request, reply, (upload) => documents.addVersion(principalOf(request), request.params.id, upload)),
    );

    app.post(
      '/documents/:id/archive',
      route('document:archive', 'Archive a document (hidden from active lists, never deleted)', {
        params,
        body: archiveDocumentBodySchema,
        response: { 200: documentResponseSchema },
      }),
      async (request) => ({
        data: await documents.archive(principalOf(request), request.params.id, request.body.reason),
      }),
    );

    app.post(
      '/documents/:id/restore',
      route('document:archive', 'Restore an archived document', { params, response: { 200: documentResponseSchema } }),
      async (request) => ({ data: await documents.restore(principalOf(request), request.params.id) }),
    );

    app.delete(
      '/documents/:id',
      route(
        'anything:deletePermanently',
        'Delete an archived document and all its files permanently (refused under retention or legal hold)',
        { params, response: { 204: z.null() } },
      ),
      async (request, reply) => {
        await documents.remove(principalOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
