// Every setting the server reads from the environment (the README's table lists them all).
export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  /** Tables with more rows than this get estimated list totals (see README, "Totais"). */
  countExactThreshold: number;
  listMaxRows: number;
  s3?: { bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };
  publicUrl?: string;
  jwtSecret?: string;
  accessTokenTtl: number;
  refreshTokenDays: number;
  smtpUrl?: string;
  mailFrom: string;
  adminEmail: string;
  adminPassword: string;
  seedDemo: boolean;
  /** ViaCEP-compatible address service: {cep} in the URL is replaced by the 8 digits. */
  cepServiceUrl: string;
  /**
   * The customer dynamic search the screens POST to (CUSTOMER_SEARCH_URL); absent: our own
   * /v1/relacionamento/dados_pessoas. A real ERP's search can answer there instead.
   */
  customerSearchUrl?: string;
  /**
   * Fastify's trustProxy (TRUST_PROXY): true (trust X-Forwarded-For from any hop), a number of hops,
   * or addresses/CIDRs of the proxies separated by commas; false by default.
   */
  trustProxy: boolean | number | string;
  /**
   * Upload quotas in MB: the total size of the files a user has sent (UPLOAD_QUOTA_MB for employees
   * and staff, UPLOAD_QUOTA_CANDIDATE_MB for everyone else); 0 is no limit. The superadmin has none.
   */
  uploadQuotaMb: number;
  uploadQuotaCandidateMb: number;
  /**
   * The job queue (pg-boss over the server's own database: the communication scale's shifts and
   * retries). JOBS_ENABLED, true by default in the server; buildApp() leaves it off unless told.
   */
  jobsEnabled: boolean;
  /** How often an idle worker asks the queue for jobs (JOBS_POLLING_INTERVAL_SECONDS, 2; at least 0.5). */
  jobsPollingIntervalSeconds: number;
  /** Communication sends: attempts per message (COMMUNICATION_MAX_ATTEMPTS, 5) and the first retry's delay (COMMUNICATION_RETRY_DELAY_SECONDS, 60), doubling after. */
  communicationMaxAttempts: number;
  communicationRetryDelaySeconds: number;
  /** Time limit of a request to the WhatsApp or SMS gateway (COMMUNICATION_HTTP_TIMEOUT_MS, 10000). */
  communicationHttpTimeoutMs: number;
  /**
   * WhatsApp Cloud API (WHATSAPP_API_URL such as https://graph.facebook.com/v21.0, WHATSAPP_PHONE_NUMBER_ID,
   * WHATSAPP_TOKEN, WHATSAPP_TEMPLATE_LANGUAGE pt_BR); absent: messages go to the outbox.
   */
  whatsapp?: { apiUrl: string; phoneNumberId?: string; token?: string; language: string };
  /** A generic SMS gateway (SMS_API_URL, SMS_API_TOKEN): POST { to, message }; absent: the outbox. */
  sms?: { url: string; token?: string };
  /** AWS Cognito (sign-in through aws-amplify in the browser); absent means the built-in identity. */
  cognito?: { region: string; userPoolId: string; clientId: string; endpoint?: string; issuer?: string; jwksUri?: string };
  /** Base of the tracking links (TRACKING_BASE_URL: <base>/l/<code>); default PUBLIC_URL, else the request's origin. */
  trackingBaseUrl?: string;
  /** Salt of the visitors' address hashes (TRACKING_SALT); default derived from the token secret. */
  trackingSalt?: string;
  /** How often the recorded clicks are written (TRACKING_FLUSH_MS, 250). */
  trackingFlushMs?: number;
  /** Spins one client address may try a minute on the roulettes' public pages (ROULETTE_SPINS_PER_MINUTE, 10; reads: six times as many). */
  rouletteSpinsPerMinute?: number;
  /** Reads of the public careers pages one client address may make a minute (CAREERS_READS_PER_MINUTE, 120). */
  careersReadsPerMinute?: number;
  /** Applications one user (and one address) may send an hour (CAREERS_APPLICATIONS_PER_HOUR, 20). */
  careersApplicationsPerHour?: number;
  /** Sponsorship requests one client address may send an hour (SPONSORSHIP_REQUESTS_PER_HOUR, 10). */
  sponsorshipRequestsPerHour?: number;
  /** Calls of the sign-in API (/v1/auth/* without a session) one client address may make a minute (AUTH_REQUESTS_PER_MINUTE, 300). */
  authRequestsPerMinute?: number;
  /**
   * Tracking link redirects (/l/{code}) one client address may follow a minute, counted by each server
   * instance in its own memory, not in the database (TRACKING_REDIRECTS_PER_MINUTE, 1200; 0: no limit).
   */
  trackingRedirectsPerMinute?: number;
}

export const DEFAULT_UPLOAD_QUOTA_MB = 1024;
export const DEFAULT_UPLOAD_QUOTA_CANDIDATE_MB = 20;

/** TRUST_PROXY: 'true'/'false', a number of hops, or a list of proxy addresses and CIDRs. */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const v = (value ?? '').trim();
  if (v === '' || v.toLowerCase() === 'false') return false;
  if (v.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? n : fallback;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || './data',
    logLevel: env.LOG_LEVEL || 'info',
    countExactThreshold: int(env.COUNT_EXACT_THRESHOLD, 50_000),
    listMaxRows: int(env.LIST_MAX_ROWS, 10_000),
    publicUrl: env.PUBLIC_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtl: int(env.ACCESS_TOKEN_TTL, 900),
    refreshTokenDays: int(env.REFRESH_TOKEN_DAYS, 30),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Intranet <nao-responda@intranet.local>',
    adminEmail: env.ADMIN_EMAIL || 'admin@intranet.local',
    adminPassword: env.ADMIN_PASSWORD || 'Intranet#Admin2026',
    seedDemo: (env.SEED_DEMO ?? (env.DATABASE_URL ? 'false' : 'true')) === 'true',
    cepServiceUrl: env.CEP_SERVICE_URL || 'https://viacep.com.br/ws/{cep}/json/',
    customerSearchUrl: env.CUSTOMER_SEARCH_URL || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    uploadQuotaMb: int(env.UPLOAD_QUOTA_MB, DEFAULT_UPLOAD_QUOTA_MB),
    uploadQuotaCandidateMb: int(env.UPLOAD_QUOTA_CANDIDATE_MB, DEFAULT_UPLOAD_QUOTA_CANDIDATE_MB),
    jobsEnabled: (env.JOBS_ENABLED ?? 'true') !== 'false',
    jobsPollingIntervalSeconds: Math.max(0.5, int(env.JOBS_POLLING_INTERVAL_SECONDS, 2)),
    communicationMaxAttempts: Math.max(1, int(env.COMMUNICATION_MAX_ATTEMPTS, 5)),
    communicationRetryDelaySeconds: Math.max(1, int(env.COMMUNICATION_RETRY_DELAY_SECONDS, 60)),
    communicationHttpTimeoutMs: Math.max(100, int(env.COMMUNICATION_HTTP_TIMEOUT_MS, 10_000)),
    whatsapp: env.WHATSAPP_API_URL
      ? {
          apiUrl: env.WHATSAPP_API_URL,
          phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID || undefined,
          token: env.WHATSAPP_TOKEN || undefined,
          language: env.WHATSAPP_TEMPLATE_LANGUAGE || 'pt_BR',
        }
      : undefined,
    sms: env.SMS_API_URL ? { url: env.SMS_API_URL, token: env.SMS_API_TOKEN || undefined } : undefined,
    trackingBaseUrl: env.TRACKING_BASE_URL || undefined,
    trackingSalt: env.TRACKING_SALT || undefined,
    trackingFlushMs: Math.max(10, int(env.TRACKING_FLUSH_MS, 250)),
    rouletteSpinsPerMinute: Math.max(1, int(env.ROULETTE_SPINS_PER_MINUTE, 10)),
    careersReadsPerMinute: Math.max(1, int(env.CAREERS_READS_PER_MINUTE, 120)),
    careersApplicationsPerHour: Math.max(1, int(env.CAREERS_APPLICATIONS_PER_HOUR, 20)),
    sponsorshipRequestsPerHour: Math.max(1, int(env.SPONSORSHIP_REQUESTS_PER_HOUR, 10)),
    authRequestsPerMinute: Math.max(1, int(env.AUTH_REQUESTS_PER_MINUTE, 300)),
    trackingRedirectsPerMinute: Math.max(0, int(env.TRACKING_REDIRECTS_PER_MINUTE, 1200)),
    cognito:
      env.COGNITO_USER_POOL_ID && env.COGNITO_CLIENT_ID
        ? {
            region: env.COGNITO_REGION || 'sa-east-1',
            userPoolId: env.COGNITO_USER_POOL_ID,
            clientId: env.COGNITO_CLIENT_ID,
            endpoint: env.COGNITO_ENDPOINT || undefined,
            issuer: env.COGNITO_ISSUER || undefined,
            jwksUri: env.COGNITO_JWKS_URI || undefined,
          }
        : undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT || undefined,
          region: env.S3_REGION || 'sa-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
        }
      : undefined,
  };
}
