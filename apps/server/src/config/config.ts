import path from 'node:path';
import { z } from 'zod';
import { registerCommonPasswords } from '@rtms/shared/common-passwords';
import { COMMON_PASSWORDS } from '@rtms/shared/common-passwords.data';
import { ROLES, type Role } from '@rtms/shared/enums';
import { newPasswordSchema } from '@rtms/shared/schemas/auth';
import { parseTrustProxy, type TrustProxy } from '../platform/trust-proxy';

// The server always knows the list of common and breached passwords: every password rule (ADMIN_PASSWORD
// here, the API's schemas) refuses them. Registered here because every part of the server reads config.
registerCommonPasswords(COMMON_PASSWORDS);

/**
 * Every configuration value of the product, read from the environment once at start.
 * A bad value stops start with a message naming the variable (see `loadConfig`).
 */
const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** An http(s) address or empty. Other schemes (javascript:, file:, data:) are refused: these values become links. */
const optionalUrl = z
  .string()
  .trim()
  .default('')
  .refine(
    (value) => value === '' || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)),
    'must be an absolute http(s) URL (e.g. https://example.com)',
  );

/** A whole number written in decimal digits only ("abc", "1.5", "0x10" and "1e3" are refused). */
const integerText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** A DNS host name (letters, digits and hyphens in dot-separated labels), no scheme, port or path. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: integerText(0, 65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .trim()
      .default('')
      .refine(
        (value) => value === '' || value.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(value),
        'must be sqlite:<path> or postgres://user@host:port/database',
      ),
    // PostgreSQL: keep statements prepared per connection. Off behind a pooler that shares server connections
    // between clients without keeping their prepared statements (PgBouncer in transaction mode before 1.21, or
    // without max_prepared_statements).
    DATABASE_PREPARED_STATEMENTS: booleanText.default(true),
    // PostgreSQL: the longest a request's statement waits for its answer before the connection is given up and the
    // request answers 503 (a database fallen silent); 0 = no limit. Migrations and the jobs have none.
    DATABASE_QUERY_TIMEOUT_MS: integerText(0, 3_600_000).default(15_000),
    APP_NAME: z.string().trim().min(1).max(80).default('RTMS'),
    APP_LOGO_URL: z.string().trim().default('/logo.svg'),
    COMPANY_NAME: z.string().trim().min(1).max(120).default('Renewable Power Co.'),
    COMPANY_WEBSITE: optionalUrl.default('https://example.com'),
    PUBLIC_URL: optionalUrl,
    SIGNIN_URL: z.string().trim().default('/signin'),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().trim().default('us-east-1'),
    S3_BUCKET: z.string().trim().default(''),
    S3_ACCESS_KEY_ID: z.string().trim().default(''),
    S3_SECRET_ACCESS_KEY: z.string().trim().default(''),
    S3_FORCE_PATH_STYLE: booleanText.default(true),
    UPLOAD_FOLDER: z.string().trim().default('uploads'),
    UPLOAD_MAX_BYTES: integerText(1024, Number.MAX_SAFE_INTEGER).default(100 * 1024 * 1024),
    SMTP_URL: z
      .string()
      .trim()
      .default('')
      .refine((value) => value === '' || /^smtps?:\/\//.test(value), 'must be smtp://… or smtps://…'),
    SMTP_FROM: z.string().trim().default(''),
    SUPPORT_EMAIL: z
      .string()
      .trim()
      .default('')
      .refine((value) => value === '' || z.email().safeParse(value).success, 'must be an email address'),
    ERROR_REPORTING_DSN: optionalUrl,
    // Hosts besides app.powerbi.com whose https reports may be embedded (Settings → Reports), separated by commas.
    REPORT_EMBED_HOSTS: z
      .string()
      .trim()
      .toLowerCase()
      .default('')
      .refine(
        (value) => value === '' || value.split(',').every((host) => HOST_NAME.test(host.trim())),
        'must be host names separated by commas (e.g. reports.example.com,bi.example.org)',
      ),
    SESSION_IDLE_MINUTES: integerText(1, 60 * 24 * 30).default(60),
    SESSION_ABSOLUTE_HOURS: integerText(1, 24 * 365).default(12),
    ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default('admin@rtms.local'),
    ADMIN_PASSWORD: z
      .string()
      .default('')
      .refine((value) => value === '' || newPasswordSchema.safeParse(value).success, {
        // Never echo the value: it is a secret.
        message:
          'must be at least 12 characters long, not a few repeated characters and not a common or breached password (or unset to generate one)',
      }),
    // Time to receive a whole request: a 100 MB upload must fit in it, slow senders are still cut off.
    REQUEST_TIMEOUT_MS: integerText(1000, 3_600_000).default(300_000),
    // The proxies trusted to name the client: a hop count or addresses/CIDRs (platform/trust-proxy.ts).
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .refine((value) => parseTrustProxy(value) !== undefined, {
        message:
          "must be false, a hop count (1 = one balancer; true means 1) or the proxies' addresses/CIDRs separated by commas (e.g. 10.0.0.5,10.1.0.0/16)",
      }),
    // 32 bytes (64 hex digits or base64) that encrypt second-factor secrets at rest; empty = a key file in DATA_DIR.
    MFA_ENCRYPTION_KEY: z
      .string()
      .trim()
      .default('')
      .refine((value) => value === '' || decodeKey(value) !== undefined, {
        // Never echo the value: it is a secret.
        message: 'must be 32 bytes written as 64 hex digits or in base64 (e.g. `openssl rand -base64 32`)',
      }),
    // Single sign-on (OpenID Connect): on when issuer, client id and client secret are all set.
    OIDC_ISSUER: z
      .string()
      .trim()
      .default('')
      .refine(
        (value) =>
          value === '' ||
          (URL.canParse(value) &&
            (new URL(value).protocol === 'https:' ||
              (new URL(value).protocol === 'http:' &&
                ['localhost', '127.0.0.1', '[::1]'].includes(new URL(value).hostname)))),
        'must be an https:// URL (http:// only for localhost)',
      ),
    OIDC_CLIENT_ID: z.string().trim().default(''),
    OIDC_CLIENT_SECRET: z.string().trim().default(''),
    OIDC_LABEL: z.string().trim().min(1).max(60).default('single sign-on'),
    OIDC_SCOPES: z.string().trim().default('openid email profile'),
    OIDC_ROLE_CLAIM: z.string().trim().min(1).max(200).default('groups'),
    OIDC_ROLE_MAP: z
      .string()
      .trim()
      .default('')
      .refine((value) => value === '' || parseRoleMap(value) !== undefined, {
        message: `must be value=ROLE pairs separated by commas, ROLE one of ${ROLES.join(', ')}`,
      }),
    OIDC_DEFAULT_ROLE: z.enum([...ROLES, '']).default(''),
    OIDC_FACILITY_CLAIM: z.string().trim().min(1).max(200).default('facilities'),
    OIDC_ONLY: booleanText.default(false),
    OIDC_BREAK_GLASS_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Off when an external scheduler runs `npm run job -- <name>` instead.
    DAILY_JOBS_IN_PROCESS: booleanText.default(true),
  })
  // Rules across variables live in the schema too, so that one message lists every bad variable at once.
  .superRefine((env, ctx) => {
    const oidc = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
    if (oidc.some((name) => env[name]) && !oidc.every((name) => env[name])) {
      for (const name of oidc) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'required with the other OIDC_ variables' });
      }
    }
    if (env.OIDC_ONLY && !env.OIDC_ISSUER) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ONLY'],
        message: 'needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
      });
    }
    if (env.STORAGE_DRIVER !== 's3') return;
    for (const name of ['S3_BUCKET', 'S3_ENDPOINT'] as const) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when STORAGE_DRIVER=s3' });
    }
  });

export type Env = z.input<typeof envSchema>;

/** Every variable the product reads (for the check of unknown and misspelt names). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  /** PostgreSQL: statements kept prepared per connection (off behind PgBouncer in transaction mode). */
  databasePreparedStatements: boolean;
  /** PostgreSQL: a request's statement waits at most this long for its answer (0: no limit; decision 038). */
  databaseQueryTimeoutMs: number;
  appName: string;
  logoUrl: string;
  companyName: string;
  companyWebsite: string;
  publicUrl: string;
  signinUrl: string;
  storage: {
    driver: 'local' | 's3';
    localRoot: string;
    s3: {
      endpoint: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** Path-style addresses (`endpoint/bucket/key`), as most S3-compatible servers expect. */
      forcePathStyle: boolean;
    };
    folder: string;
    maxBytes: number;
  };
  smtp: { url: string; from: string };
  supportEmail: string;
  errorReportingDsn: string;
  /** Hosts besides app.powerbi.com whose reports may be embedded (lower case). */
  reportEmbedHosts: string[];
  session: { idleMinutes: number; absoluteHours: number };
  admin: { email: string; password: string };
  requestTimeoutMs: number;
  /** The proxies whose `X-Forwarded-*` headers are believed; the client is the right-most untrusted address. */
  trustProxy: TrustProxy;
  logLevel: string;
  /** Run the daily jobs on a timer in this process (their lease keeps them once a day across instances). */
  dailyJobsInProcess: boolean;
  /** The key that encrypts second-factor secrets, or undefined to use (and create) `<dataDir>/mfa-encryption.key`. */
  mfaEncryptionKey: Buffer | undefined;
  /** Single sign-on, or undefined when not configured. */
  oidc: OidcConfig | undefined;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's name on the sign-in button ("Sign in with …"). */
  label: string;
  scopes: string;
  /** The claim (dotted path) whose value(s) map to a role through `roleMap`. */
  roleClaim: string;
  /** Claim value → role; the first value in the claim that maps wins, in the order of ROLES (most rights first). */
  roleMap: Record<string, Role>;
  /** Role of a user none of whose claim values map, or undefined to refuse them. */
  defaultRole: Role | undefined;
  /** The claim (dotted path) listing the codes of the user's facilities (facility roles). */
  facilityClaim: string;
  /** Password sign-in is refused, except for `breakGlassEmail`. */
  only: boolean;
  breakGlassEmail: string;
}

/** "group=ROLE,group2=ROLE2" → {group: ROLE, …}, or undefined when malformed. */
function parseRoleMap(text: string): Record<string, Role> | undefined {
  const map: Record<string, Role> = {};
  for (const pair of text.split(',')) {
    const at = pair.lastIndexOf('=');
    const key = pair.slice(0, at).trim();
    const role = pair.slice(at + 1).trim();
    if (at < 1 || !key || !(ROLES as readonly string[]).includes(role)) return undefined;
    map[key] = role as Role;
  }
  return map;
}

/** A 32-byte key written as 64 hex digits or in base64, or undefined when it is neither. */
export function decodeKey(text: string): Buffer | undefined {
  const bytes = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, 'base64')
      : undefined;
  return bytes?.length === 32 ? bytes : undefined;
}

/** Thrown when the environment holds a bad value; the message lists every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the configuration; throws `ConfigError` naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // An empty or blank variable counts as unset (so `PORT=` means the default, not port 0).
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || `sqlite:${path.join(dataDir, 'rtms.sqlite')}`,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
    appName: e.APP_NAME,
    logoUrl: e.APP_LOGO_URL,
    companyName: e.COMPANY_NAME,
    companyWebsite: e.COMPANY_WEBSITE,
    publicUrl: e.PUBLIC_URL,
    signinUrl: e.SIGNIN_URL,
    storage: {
      driver: e.STORAGE_DRIVER,
      localRoot: path.join(dataDir, e.UPLOAD_FOLDER),
      s3: {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        bucket: e.S3_BUCKET,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      },
      folder: e.UPLOAD_FOLDER,
      maxBytes: e.UPLOAD_MAX_BYTES,
    },
    smtp: { url: e.SMTP_URL, from: e.SMTP_FROM },
    supportEmail: e.SUPPORT_EMAIL,
    errorReportingDsn: e.ERROR_REPORTING_DSN,
    reportEmbedHosts: e.REPORT_EMBED_HOSTS ? e.REPORT_EMBED_HOSTS.split(',').map((host) => host.trim()) : [],
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteHours: e.SESSION_ABSOLUTE_HOURS },
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    logLevel: e.LOG_LEVEL,
    dailyJobsInProcess: e.DAILY_JOBS_IN_PROCESS,
    mfaEncryptionKey: e.MFA_ENCRYPTION_KEY ? decodeKey(e.MFA_ENCRYPTION_KEY) : undefined,
    oidc: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET,
          label: e.OIDC_LABEL,
          scopes: e.OIDC_SCOPES,
          roleClaim: e.OIDC_ROLE_CLAIM,
          roleMap: e.OIDC_ROLE_MAP ? (parseRoleMap(e.OIDC_ROLE_MAP) ?? {}) : {},
          defaultRole: e.OIDC_DEFAULT_ROLE || undefined,
          facilityClaim: e.OIDC_FACILITY_CLAIM,
          only: e.OIDC_ONLY,
          breakGlassEmail: e.OIDC_BREAK_GLASS_EMAIL ?? e.ADMIN_EMAIL,
        }
      : undefined,
  };
}
