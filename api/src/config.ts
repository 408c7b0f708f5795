import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  WEB_DIST: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  WHATSAPP_GRAPH_URL: z.string().url().optional(),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  MESSAGE_TICK_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  WIFI_OUTBOX_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  CHECK_RESPONSES: z.enum(['0', '1']).default('0'),
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  BACKUP_DIR: z.string().optional(),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  OPERATOR_EMAILS: z
    .string()
    .transform((v) => v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().email('must be e-mail addresses separated by commas')))
    .optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  logLevel: (typeof logLevels)[number];
  /** Folder of the built web app; absent means the API serves no web pages (tests). */
  webDist?: string;
  smtpUrl?: string;
  /** WHATSAPP_GRAPH_URL: the Graph API WhatsApp's Cloud API is reached at (Meta's by default; tests, a relay). */
  whatsappGraphUrl?: string;
  /** How often each process adds due reminders and delivers the outbox; 0 or absent: never (tests). */
  messageTickMs?: number;
  publicUrl: string;
  /** API processes serving the port together (node:cluster); 1 serves from this process. */
  workers: number;
  /** Check every answer against its zod schema before writing it (the tests; platform/serializer.ts). */
  checkResponses?: boolean;
  /** Pause between passes of the WiFi disconnect outbox; 0 or absent: no timer (tests run passes). */
  wifiOutboxIntervalMs?: number;
  /** TLS_CERT_FILE and TLS_KEY_FILE (PEM): the server speaks HTTPS (HTTP/2 and HTTP/1.1) on PORT. */
  tls?: { cert: Buffer; key: Buffer };
  /** BACKUP_DIR: scheduled backups into that folder (db/scheduledBackup.ts). */
  backup?: { dir: string; intervalHours: number; keep: number };
  /**
   * OPERATOR_EMAILS (lower case): who runs the server and may see its backups (issue 45, point 7).
   * Absent: the owners of the first organisation on the server.
   */
  operatorEmails?: string[];
};

/** HTTPS is spoken by this server, or by a TLS proxy in front of it (PUBLIC_URL says which). */
export function servesHttps(config: Pick<Config, 'tls' | 'publicUrl'>): boolean {
  return config.tls !== undefined || config.publicUrl.startsWith('https://');
}

export class ConfigError extends Error {}

/** Reads the environment; a bad value throws ConfigError with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${name}=${JSON.stringify(env[name])} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const tls = readTls(e.TLS_CERT_FILE, e.TLS_KEY_FILE);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    smtpUrl: e.SMTP_URL,
    whatsappGraphUrl: e.WHATSAPP_GRAPH_URL,
    messageTickMs: e.MESSAGE_TICK_SECONDS * 1000,
    publicUrl: e.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${e.PORT}`,
    tls,
    backup: e.BACKUP_DIR
      ? { dir: resolve(e.BACKUP_DIR), intervalHours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP }
      : undefined,
    operatorEmails: e.OPERATOR_EMAILS?.length ? e.OPERATOR_EMAILS : undefined,
    workers: e.WORKERS,
    wifiOutboxIntervalMs: e.WIFI_OUTBOX_INTERVAL_MS,
    checkResponses: e.CHECK_RESPONSES === '1',
  };
}

/** Both files or neither; a file that cannot be read stops the start with one line, like a bad value. */
function readTls(certFile: string | undefined, keyFile: string | undefined): Config['tls'] {
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) {
    const missing = certFile ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE';
    throw new ConfigError(`Invalid configuration: ${missing} is required when the other TLS file is set`);
  }
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (err) {
      throw new ConfigError(
        `Invalid configuration: ${name}=${JSON.stringify(file)} ${(err as Error).message}`,
      );
    }
  };
  return { cert: read('TLS_CERT_FILE', certFile), key: read('TLS_KEY_FILE', keyFile) };
}

function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string
  >;
}

/** A laptop install keeps sessions valid across restarts without the user setting a secret. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  makeFolder('DATA_DIR', dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Makes the folder a variable names (and its missing parents), or throws ConfigError with one line
 * naming the variable. Made one level at a time: Node's `mkdirSync(dir, { recursive: true })`
 * loops forever, holding a core and deaf to SIGTERM, on a folder that cannot be made under /proc
 * (issue 41, point 7).
 */
export function makeFolder(name: string, dir: string): void {
  const missing: string[] = [];
  let at = resolve(dir);
  while (!existsSync(at) && dirname(at) !== at) {
    missing.unshift(at);
    at = dirname(at);
  }
  try {
    if (!statSync(at).isDirectory()) throw new Error(`${at} is not a folder`);
    for (const folder of missing) {
      try {
        mkdirSync(folder);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    accessSync(dir, constants.W_OK);
  } catch (err) {
    throw new ConfigError(
      `Invalid configuration: ${name}=${JSON.stringify(dir)} cannot be made or written: ${(err as Error).message}`,
    );
  }
}
