import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
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
  TRUST_PROXY: z.string().optional(),
  DATABASE_POOLING: z.enum(['session', 'transaction']).default('session'),
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
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
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
  /**
   * TRUST_PROXY: whose X-Forwarded-For names the client (Fastify's trustProxy): a hop count (the
   * proxies in front of this server) or the proxies' addresses and CIDR ranges. Absent: nobody's, the
   * client is the connection's peer (a forwarded header from a caller is then ignored).
   */
  trustProxy?: number | string[];
  /**
   * DATABASE_POOLING=transaction: DATABASE_URL is a pooler that hands each transaction another
   * server connection (PgBouncer's pool_mode=transaction), so no named prepared statement is sent
   * (db/client.ts). session (the default): each pool connection is one server connection.
   */
  databasePooling?: DatabasePooling;
};

export type DatabasePooling = 'session' | 'transaction';

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
  const trustProxy = readTrustProxy(e.TRUST_PROXY);
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
    ...(trustProxy !== undefined && { trustProxy }),
    databasePooling: e.DATABASE_POOLING,
    wifiOutboxIntervalMs: e.WIFI_OUTBOX_INTERVAL_MS,
    checkResponses: e.CHECK_RESPONSES === '1',
  };
}

/**
 * Fastify's trustProxy for TRUST_PROXY: the list as it is (proxy-addr reads it), a hop count as a
 * function trusting the nearest `hops` senders, as Express's hop count does (Fastify's own number
 * option trusts nobody, and its types have no number). A hop count cannot tell the balancer from a
 * caller that reached the server directly: use it only where nothing else can (README).
 */
export function trustProxyOption(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === undefined) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** Names proxy-addr (Fastify's trustProxy) knows: 127/8 and ::1; 169.254/16; 10/8, 172.16/12, 192.168/16, fc00::/7. */
const rangeNames = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: a hop count ("1": the one proxy in front) or a comma-separated list of the proxies'
 * addresses, CIDR ranges or the names above. "true" (trust any sender's header) is refused: any
 * caller could then choose its own address and step around the per-address limits.
 */
function readTrustProxy(raw: string | undefined): number | string[] | undefined {
  if (raw === undefined) return undefined;
  const refuse = (why: string): never => {
    throw new ConfigError(`Invalid configuration: TRUST_PROXY=${JSON.stringify(raw)} ${why}`);
  };
  const value = raw.trim();
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 10) refuse('as a hop count must be from 1 to 10');
    return hops;
  }
  const entries = value.split(',').map((s) => s.trim());
  for (const entry of entries) {
    if (rangeNames.includes(entry)) continue;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const bitsOk =
      bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!family || !bitsOk || extra !== undefined) {
      refuse(
        `must be a hop count (e.g. 1) or proxy addresses, CIDR ranges or loopback/linklocal/uniquelocal separated by commas; ${JSON.stringify(entry)} is none of these`,
      );
    }
  }
  return entries;
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
