import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/config';
import { createDatabase, type DatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrate';
import { withoutQueryTimeout } from './db/query-timeout';
import { dropPlannerSamples } from './db/planner-samples';
import { auditRoutes } from './features/audit/audit.routes';
import { createAuditService } from './features/audit/audit.service';
import { authRoutes } from './features/auth/auth.routes';
import { createAuthService } from './features/auth/auth.service';
import { createLoginThrottle } from './features/auth/login-throttle';
import { mfaRoutes } from './features/mfa/mfa.routes';
import { oidcRoutes } from './features/oidc/oidc.routes';
import { createOidcService } from './features/oidc/oidc.service';
import { createMfaService } from './features/mfa/mfa.service';
import { loadMfaKey } from './platform/mfa-key';
import { createSecretBox } from './platform/secret-box';
import { fastifyTrustProxy } from './platform/trust-proxy';
import { facilitiesRoutes } from './features/facilities/facilities.routes';
import { holidaysRoutes } from './features/holidays/holidays.routes';
import { createHolidaysService } from './features/holidays/holidays.service';
import { reshiftFacilityTasks } from './features/holidays/reshift-facility-tasks';
import { createFacilitiesService } from './features/facilities/facilities.service';
import { clientErrorsRoutes } from './features/client-errors/client-errors.routes';
import { healthRoutes } from './features/health/health.routes';
import { createHealthService } from './features/health/health.service';
import { preferencesRoutes } from './features/preferences/preferences.routes';
import { createPreferencesService } from './features/preferences/preferences.service';
import { programAreasRoutes } from './features/program-areas/program-areas.routes';
import { createProgramAreasService } from './features/program-areas/program-areas.service';
import { publicConfigRoutes } from './features/public-config/public-config.routes';
import { regulationsRoutes } from './features/regulations/regulations.routes';
import { createRegulationsService } from './features/regulations/regulations.service';
import { createSessionsService } from './features/sessions/sessions.service';
import { userFacilitiesRoutes } from './features/user-facilities/user-facilities.routes';
import { createUserFacilitiesService } from './features/user-facilities/user-facilities.service';
import { ensureFirstAdmin } from './features/users/bootstrap-admin';
import { usersRoutes } from './features/users/users.routes';
import { createUsersService } from './features/users/users.service';
import { createAuthGuards, registerAuthenticationFirst } from './platform/auth';
import { createErrorReporter } from './platform/error-reporter';
import { handleFrameworkError, registerErrorHandler } from './platform/errors';
import { registerGracefulShutdown } from './platform/shutdown';
import { registerRequestIdHeader, requestIdOptions } from './platform/request-id';
import { registerCompression } from './platform/compression';
import { registerOpenApi } from './platform/openapi.routes';
import { requireStrictQueries } from './platform/strict-query';
import { acceptEmptyJsonBodies } from './platform/json-body';
import { refuseNulCharacters } from './platform/no-nul';
import { createRateLimiter } from './platform/rate-limit';
import { registerSecurityHeaders } from './platform/security';
import { registerWebApp } from './platform/web-app.routes';
import { documentsRoutes } from './features/documents/documents.routes';
import { countTaskEvidence, createDocumentsService } from './features/documents/documents.service';
import { evidencePacksRoutes } from './features/evidence-packs/evidence-packs.routes';
import { createEvidencePacksService } from './features/evidence-packs/evidence-packs.service';
import { createFileStorage } from './storage/create-storage';
import { handOverRoutes } from './features/hand-over/hand-over.routes';
import { createHandOverService } from './features/hand-over/hand-over.service';
import { createJobsService, type JobsService } from './features/jobs/jobs.service';
import { requirementImportRoutes } from './features/requirement-import/requirement-import.routes';
import { createRequirementImportService } from './features/requirement-import/requirement-import.service';
import { jobsRoutes } from './features/jobs/jobs.routes';
import { createSmtpMailer } from './features/notifications/mailer';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { createNotificationsService, type NotificationsService } from './features/notifications/notifications.service';
import { createUnsubscribeLinks } from './features/notifications/unsubscribe-links';
import { requirementsRoutes } from './features/requirements/requirements.routes';
import { createPermitConditionsService } from './features/permits/permit-conditions.service';
import { createPermitVersionsService } from './features/permits/permit-versions.service';
import { permitsRoutes } from './features/permits/permits.routes';
import { createPermitsService } from './features/permits/permits.service';
import { createRequirementsService } from './features/requirements/requirements.service';
import { createTaskGenerationService } from './features/tasks/task-generation.service';
import { tasksRoutes } from './features/tasks/tasks.routes';
import { calendarRoutes } from './features/calendar/calendar.routes';
import { createCalendarService } from './features/calendar/calendar.service';
import { calendarFeedsRoutes, icalRoutes } from './features/calendar/calendar-feeds.routes';
import { createCalendarFeedsService } from './features/calendar/calendar-feeds.service';
import { reportsRoutes } from './features/reports/reports.routes';
import { reportSubscriptionsRoutes } from './features/reports/report-subscriptions.routes';
import {
  createReportSubscriptionsService,
  type ReportSubscriptionsService,
} from './features/reports/report-subscriptions.service';
import { createReportsService } from './features/reports/reports.service';
import { taskSummaryRoutes } from './features/tasks/task-summary.routes';
import { createTaskSummaryService } from './features/tasks/task-summary.service';
import { createTasksService, type EvidenceCounter } from './features/tasks/tasks.service';
import { createReauthentication } from './features/reviews/reauthentication';
import { createReviewsService } from './features/reviews/reviews.service';
import { createExtensionRequestsService } from './features/reviews/extension-requests.service';
import { reviewsRoutes } from './features/reviews/reviews.routes';
import { systemClock, type Clock } from './platform/clock';
import { createAutomaticFindings, type AutomaticFindings } from './features/findings/automatic-findings';
import { createCorrectiveActionsService } from './features/findings/corrective-actions.service';
import { findingsRoutes } from './features/findings/findings.routes';
import { createFindingsService } from './features/findings/findings.service';
import { accessTokensRoutes } from './features/access-tokens/access-tokens.routes';
import { createAccessTokensService } from './features/access-tokens/access-tokens.service';
import { odataRoutes } from './features/odata/odata.routes';
import { createODataService } from './features/odata/odata.service';
import { reportEmbedRoutes } from './features/report-embed/report-embed.routes';
import { createReportEmbedService } from './features/report-embed/report-embed.service';
import { newId } from './platform/ids';

export interface BuildOptions {
  /** An existing database (tests pass an isolated one); otherwise one is opened from config.databaseUrl. */
  database?: DatabaseHandle;
  /** Where the first administrator's generated credentials are printed. */
  print?: (text: string) => void;
  /** Serve the built web app (default true). */
  serveWebApp?: boolean;
  /** The clock of the date rules (overdue, completion dates, daily jobs); tests stand at chosen instants. */
  now?: Clock;
  /** The evidence gate's counter (default: the documents feature's count of a task's active evidence). */
  countEvidence?: EvidenceCounter;
  /** Run the daily jobs on a timer (default: DAILY_JOBS_IN_PROCESS, never when NODE_ENV=test). */
  scheduleJobs?: boolean;
}

export interface App {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The daily jobs (task generation), for the CLI tools and tests. */
  jobs: JobsService;
  /** Reminders (sweep and sender), for the CLI tools, the benchmark and tests. */
  notifications: NotificationsService;
  /** The automatic findings (the missed-task sweep), for the CLI tools and tests. */
  findings: AutomaticFindings;
  /** Scheduled reports (queue and send), for tests. */
  reportSubscriptions: ReportSubscriptionsService;
  /** Answers new requests 503 while the ones in flight finish, then stops listening and closes the database. */
  close(): Promise<void>;
}

/** The composition root: every plugin, service and route of the product, wired explicitly. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...requestIdOptions(config.trustProxy !== false),
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs * 2,
    bodyLimit: 1024 * 1024,
    // Our own 503 in the product's error shape (registerGracefulShutdown) answers while closing.
    return503OnClosing: false,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: handleFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  acceptEmptyJsonBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  requireStrictQueries(app);
  app.decorateRequest('principal', null);

  const shutdown = registerGracefulShutdown(app);
  registerRequestIdHeader(app);
  // JSON only: a text/plain body on a JSON route is an unsupported media type (415), not a string to validate.
  app.removeContentTypeParser('text/plain');

  const database =
    options.database ??
    createDatabase(config.databaseUrl, {
      preparedStatements: config.databasePreparedStatements,
      queryTimeoutMs: config.databaseQueryTimeoutMs,
    });
  // A lost connection is no reason to stop: requests answer 503 until the database is back (decision 038).
  database.onConnectionError((error) => app.log.warn({ err: error }, 'database connection lost'));
  const { db } = database;
  // Migrations may run a statement for minutes: no limit on their statements' time.
  await withoutQueryTimeout(() => migrateToLatest(db, database.dialect));
  await dropPlannerSamples(db);
  await ensureFirstAdmin(db, config.admin, app.log, options.print);

  const reporter = createErrorReporter(app.log, config.errorReportingDsn);
  const storage = createFileStorage(config.storage);
  const sessions = createSessionsService(db, config.session);
  const guards = createAuthGuards(sessions);
  const health = createHealthService(db, storage);
  const preferences = createPreferencesService(db);
  const audit = createAuditService(db);
  const loginThrottle = createLoginThrottle(db);
  const mfa = createMfaService(db, {
    box: createSecretBox(loadMfaKey(config)),
    throttle: loginThrottle,
    audit,
    issuer: config.appName,
  });
  const oidc = config.oidc ? createOidcService(db, config.oidc, { sessions, audit, log: app.log }) : undefined;
  const auth = createAuthService(db, sessions, loginThrottle, audit, mfa, oidc);
  const programAreas = createProgramAreasService(db, audit);
  const regulations = createRegulationsService(db, audit);
  const clock = options.now ?? systemClock;
  const facilities = createFacilitiesService(db, audit, programAreas, {
    regionChanged: (trx, facilityId) => reshiftFacilityTasks(trx, facilityId, clock, audit),
  });
  const userFacilities = createUserFacilitiesService(db, audit, sessions);
  const users = createUsersService(db, audit, sessions, userFacilities);
  // Shared by every instance on this database (rate_limit_buckets); on the app's clock so tests can move windows.
  const rateLimits = createRateLimiter(db, () => clock().getTime());
  const taskGeneration = createTaskGenerationService(db, audit, { clock });
  const automaticFindings = createAutomaticFindings(db, audit, clock);
  const tasks = createTasksService(db, audit, {
    clock,
    countEvidence: options.countEvidence ?? countTaskEvidence,
    findings: automaticFindings,
  });
  const findings = createFindingsService(db, audit, clock);
  const correctiveActions = createCorrectiveActionsService(db, audit, clock);
  const reviews = createReviewsService(db, {
    audit,
    clock,
    tasks,
    reauthenticate: createReauthentication(db, { throttle: loginThrottle, mfa, oidc }),
  });
  const extensionRequests = createExtensionRequestsService(db, { audit, clock, tasks });
  const uploadTempDir = path.join(config.dataDir, 'upload-tmp');
  const documents = createDocumentsService(
    db,
    audit,
    storage,
    { facilities, programAreas, regulations },
    { maxBytes: config.storage.maxBytes, tempDir: uploadTempDir, tasks, log: app.log, now: clock },
  );
  const evidencePacks = createEvidencePacksService(
    db,
    documents,
    { facilities, programAreas },
    { now: clock, log: app.log },
  );
  const requirements = createRequirementsService(db, {
    audit,
    generation: taskGeneration,
    regulations,
    programAreas,
    clock,
  });
  const requirementImport = createRequirementImportService(db, { requirements, audit, clock });
  const permitDeps = { audit, requirements, clock };
  const permitServices = {
    permits: createPermitsService(db, permitDeps),
    conditions: createPermitConditionsService(db, permitDeps),
    versions: createPermitVersionsService(db, permitDeps),
  };
  const handOver = createHandOverService(db, audit, clock);
  const holidays = createHolidaysService(db, audit, clock);
  const taskSummary = createTaskSummaryService(db, clock);
  const reports = createReportsService(db, clock, tasks);
  const calendar = createCalendarService(db, tasks);
  const calendarFeeds = createCalendarFeedsService(db, audit, tasks, clock, correctiveActions);
  const accessTokens = createAccessTokensService(db, audit, clock);
  const odata = createODataService(db, database.dialect, clock);
  const reportEmbed = createReportEmbedService(db, audit, { allowedHosts: config.reportEmbedHosts, clock });
  const publicUrl = (config.publicUrl || `http://localhost:${config.port}`).replace(/\/+$/, '');
  const mailer = config.smtp.url
    ? createSmtpMailer({
        url: config.smtp.url,
        from: config.smtp.from || `${config.appName} <no-reply@${new URL(publicUrl).hostname}>`,
        messageIdDomain: new URL(publicUrl).hostname,
      })
    : null;
  if (mailer) app.addHook('onClose', async () => mailer.close());
  const unsubscribeSecret = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', 'unsubscribe')
    .executeTakeFirstOrThrow();
  const jobOwner = `${os.hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  const notifications = createNotificationsService(db, {
    dialect: database.dialect,
    clock,
    mailer,
    links: createUnsubscribeLinks(unsubscribeSecret.value),
    appName: config.appName,
    publicUrl,
    owner: jobOwner,
  });
  const reportSubscriptions = createReportSubscriptionsService(db, reports, {
    clock,
    mailer,
    audit,
    unsubscribeSecret: unsubscribeSecret.value,
    appName: config.appName,
    publicUrl,
    owner: jobOwner,
  });
  const jobs = createJobsService(db, taskGeneration, {
    clock,
    purgeEndedSessions: async () => {
      await sessions.purgeEnded();
      await mfa.purgeEndedChallenges();
      await oidc?.purgeEnded();
    },
    reminders: notifications,
    findings: automaticFindings,
    scheduledReports: reportSubscriptions,
  });

  registerErrorHandler(app, reporter);
  refuseNulCharacters(app);
  await registerSecurityHeaders(app);
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      // Before any route: every /api route is authenticated first unless it is marked public.
      registerAuthenticationFirst(api, guards);
      // In this scope only: the API's answers are compressed, the web app's files are not (web-app.ts).
      await registerCompression(api);
      await api.register(healthRoutes(health));
      await api.register(publicConfigRoutes(config));
      await api.register(clientErrorsRoutes(reporter, rateLimits));
      await api.register(authRoutes(auth, guards));
      await api.register(mfaRoutes(mfa, guards));
      await api.register(oidcRoutes(oidc, guards, { publicUrl: config.publicUrl, signinUrl: config.signinUrl }));
      await api.register(preferencesRoutes(preferences, guards));
      await api.register(usersRoutes(users, guards));
      await api.register(facilitiesRoutes(facilities, guards));
      await api.register(holidaysRoutes(holidays, guards));
      await api.register(userFacilitiesRoutes(userFacilities, guards));
      await api.register(regulationsRoutes(regulations, guards));
      await api.register(programAreasRoutes(programAreas, guards));
      await api.register(auditRoutes(audit, guards));
      await api.register(documentsRoutes(documents, guards, { tempDir: uploadTempDir, rateLimits }));
      await api.register(evidencePacksRoutes(evidencePacks, guards, rateLimits));
      await api.register(requirementsRoutes(requirements, guards));
      await api.register(permitsRoutes(permitServices, guards));
      await api.register(
        requirementImportRoutes(requirementImport, guards, {
          tempDir: uploadTempDir,
          maxBytes: config.storage.maxBytes,
        }),
      );
      await api.register(tasksRoutes(tasks, guards));
      await api.register(reviewsRoutes(reviews, extensionRequests, guards));
      await api.register(taskSummaryRoutes(taskSummary, guards));
      await api.register(reportsRoutes(reports, guards));
      await api.register(reportSubscriptionsRoutes(reportSubscriptions, guards));
      await api.register(calendarRoutes(calendar, guards));
      await api.register(calendarFeedsRoutes(calendarFeeds, guards, config.publicUrl));
      await api.register(handOverRoutes(handOver, guards));
      await api.register(notificationsRoutes(notifications, guards));
      await api.register(jobsRoutes(jobs, guards));
      await api.register(findingsRoutes(findings, correctiveActions, automaticFindings, guards));
      await api.register(accessTokensRoutes(accessTokens, guards));
      await api.register(reportEmbedRoutes(reportEmbed, guards));
    },
    { prefix: '/api' },
  );
  await app.register(icalRoutes(calendarFeeds, config.publicUrl, rateLimits));
  await app.register(odataRoutes(odata, accessTokens, { publicUrl: config.publicUrl, rateLimits }));
  if (options.serveWebApp !== false) {
    await registerWebApp(app, undefined, { frameSource: () => reportEmbed.frameSource() });
  }
  if (options.scheduleJobs ?? (config.dailyJobsInProcess && config.nodeEnv !== 'test')) {
    const stopJobs = jobs.startScheduler(app.log);
    app.addHook('onClose', async () => stopJobs());
  }

  await app.ready();
  return {
    app,
    database,
    jobs,
    notifications,
    findings: automaticFindings,
    reportSubscriptions,
    async close() {
      await shutdown.close();
      await database.close();
    },
  };
}
