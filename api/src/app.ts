import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Server as NetServer } from 'node:net';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ErrorReason } from '@app/contract/errors';
import { servesHttps, trustProxyOption, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerAuth } from './platform/auth.ts';
import { productSecurityOptions, registerSecurityHeaders } from './platform/securityHeaders.ts';
import { AppError, registerErrorHandling, said } from './platform/errors.ts';
import { fastSerializerCompiler } from './platform/serializer.ts';
import { registerJsonBodyParser } from './platform/jsonBody.ts';
import { logDestination } from './platform/logDestination.ts';
import { answerPlainHttp } from './platform/plainHttp.ts';
import { appVersion } from './version.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { branchRoutes } from './modules/branches/routes.ts';
import { authenticationRoutes } from './modules/authentication/routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { staffRoleRoutes } from './modules/staffRoles/routes.ts';
import { packageRoutes } from './modules/packages/routes.ts';
import { feeTypeRoutes } from './modules/feeTypes/routes.ts';
import { feeStructureRoutes } from './modules/feeStructures/routes.ts';
import { categoryRoutes } from './modules/categories/routes.ts';
import { bankAccountRoutes } from './modules/bankAccounts/routes.ts';
import { roomRoutes } from './modules/rooms/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { pauseRoutes } from './modules/pauses/routes.ts';
import { expireMembers } from './modules/users/members.ts';
import { syncPauseDoors } from './modules/pauses/doors.ts';
import { enquiryRoutes } from './modules/enquiries/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { gstSettingsRoutes } from './modules/gst/settings.ts';
import { gstRoutes } from './modules/gst/routes.ts';
import { tallyRoutes } from './modules/tally/routes.ts';
import { receiptRoutes } from './modules/receipts/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { refundRoutes } from './modules/refunds/routes.ts';
import { expenseRoutes } from './modules/expenses/routes.ts';
import { bookRoutes } from './modules/books/routes.ts';
import { bankStatementRoutes } from './modules/bankStatement/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { deviceRoutes } from './modules/devices/routes.ts';
import { iclockRoutes } from './modules/devices/iclock.ts';
import { attendanceRoutes } from './modules/attendance/routes.ts';
import { createMailer } from './platform/mailer.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { fetchProvider, type Transports } from './modules/messages/deliver.ts';
import { cloudTransport } from './modules/messages/whatsappCloud.ts';
import { scheduleMessages } from './modules/messages/tick.ts';
import { radiusRoutes } from './modules/wifi/radiusRoutes.ts';
import { wifiRouterRoutes } from './modules/wifi/routerRoutes.ts';
import { wifiSessionRoutes } from './modules/wifi/sessionRoutes.ts';
import { runWifiOutbox } from './modules/wifi/outbox.ts';
import { webPages } from './platform/webPages.ts';
import { loggedUrl, portalRoutes } from './modules/portal/routes.ts';
import { kioskRoutes } from './modules/kiosk/routes.ts';
import { backupRoutes } from './modules/backups/routes.ts';
import { serverWarningRoutes } from './modules/server/routes.ts';

const requestIdPattern = /^[\w.-]{1,64}$/;

/** Builds the whole server without listening: main.ts listens, tests use `app.inject`. */
const parserErrors: Record<string, [number, string, ErrorReason, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'PAYLOAD_TOO_LARGE',
    'The request headers are too large.',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'BAD_REQUEST', 'The request took too long to arrive.'],
  default: [400, 'Bad Request', 'BAD_REQUEST', 'The request could not be read.'],
};

export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    ...tlsServerOptions(config),
    // A silent logger (the tests') writes nothing, so it needs no destination of its own.
    logger: {
      level: config.logLevel,
      ...(config.logLevel === 'silent' ? {} : { stream: logDestination() }),
    },
    // One log line per request (written in onResponse) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1_048_576,
    forceCloseConnections: 'idle',
    // Behind a load balancer or proxy (TRUST_PROXY): request.ip is the client its X-Forwarded-For
    // names, for the per-address limits and the log; otherwise the connection's peer (issue 43, point 4).
    trustProxy: trustProxyOption(config.trustProxy),
    // Requests arriving while the server stops are answered 503 in the error shape by
    // modules/health/routes.ts, not by Fastify's own body.
    return503OnClosing: false,
    // A URL the router cannot decode ('%zz') answers in the API's error shape too.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .send({ statusCode: 400, reason: 'BAD_REQUEST', message: error.message });
    },
    // Errors Node's HTTP parser raises before Fastify sees a request (headers too large, a broken
    // request line): written by hand, still in the error shape.
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      if (!socket.writable) return socket.destroy();
      const [statusCode, status, reason, message] = parserErrors[err.code ?? ''] ?? parserErrors.default!;
      const body = JSON.stringify({ statusCode, reason, message });
      socket.end(
        `HTTP/1.1 ${statusCode} ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  }).withTypeProvider<ZodTypeProvider>();
  // http:// to the HTTPS port: a redirect to https, not an empty reply (issue 41, point 7).
  if (config.tls) answerPlainHttp(app.server as unknown as NetServer);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(fastSerializerCompiler({ checkResponses: config.checkResponses ?? false }));
  registerErrorHandling(app, database.restarting);
  registerJsonBodyParser(app);

  // Hooks that run for every request take Fastify's callback form: an async hook costs a promise and
  // a turn of the microtask queue per request for work that never waits (issue 36, point 4).
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    // API answers carry tokens and personal data: never kept by a browser or a proxy.
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      void reply.header('cache-control', 'no-store');
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        // A member link's page carries its token in the address: left out (issue 37).
        url: loggedUrl(request.url),
        // The client's address: behind a trusted proxy the one it forwarded (TRUST_PROXY).
        ip: request.ip,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
  app.addHook('onClose', async () => database.close());

  registerSecurityHeaders(app, productSecurityOptions({ https: servesHttps(config) }));
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Library Admin API', version: appVersion },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The API documentation is public; every other /api route needs a token unless it says otherwise.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await registerAuth(app, database.db, {
    secret: config.jwtSecret,
    ttlSeconds: config.accessTokenTtlSeconds,
  });

  healthRoutes(app, database);
  backupRoutes(app, database.db, config);
  serverWarningRoutes(app, database.db, config);
  branchRoutes(app, database.db);
  gstSettingsRoutes(app, database.db);
  gstRoutes(app, database.db);
  tallyRoutes(app, database.db);
  const mailer = createMailer(database.db, app.log, config.smtpUrl);
  const transports: Transports = { email: mailer, http: fetchProvider, cloud: cloudTransport(config) };
  authenticationRoutes(app, database.db, config, mailer);
  staffRoutes(app, database.db);
  staffRoleRoutes(app, database.db);
  packageRoutes(app, database.db);
  feeTypeRoutes(app, database.db);
  feeStructureRoutes(app, database.db);
  categoryRoutes(app, database.db);
  bankAccountRoutes(app, database.db);
  roomRoutes(app, database.db);
  userRoutes(app, database.db);
  pauseRoutes(app, database.db);
  enquiryRoutes(app, database.db);
  paymentRoutes(app, database.db, config);
  receiptRoutes(app, database.db);
  settingsRoutes(app, database.db);
  refundRoutes(app, database.db);
  expenseRoutes(app, database.db);
  bookRoutes(app, database.db);
  bankStatementRoutes(app, database.db, config);
  dashboardRoutes(app, database.db);
  messageRoutes(app, database.db, transports);
  deviceRoutes(app, database.db);
  attendanceRoutes(app, database.db);
  iclockRoutes(app, database.db);
  scheduleMemberExpiry(app, database);
  scheduleMessages(app, database.db, transports, config.messageTickMs, () => ({
    secret: config.jwtSecret,
    publicUrl: config.publicUrl,
  }));
  radiusRoutes(app, database.db);
  wifiRouterRoutes(app, database.db);
  wifiSessionRoutes(app, database.db);
  portalRoutes(app, database.db, config);
  kioskRoutes(app, database.db, config);
  scheduleWifiOutbox(app, database, config.wifiOutboxIntervalMs);

  const page =
    config.webDist && existsSync(join(config.webDist, 'index.html'))
      ? await serveWebApp(app, config.webDist)
      : undefined;
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !page) {
      throw new AppError(
        404,
        'NOT_FOUND',
        said('ROUTE_NOT_FOUND', { method: request.method, path: request.url.split('?')[0]! }),
      );
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page(request.url));
  });
  return app;
}

/**
 * With a certificate, Node's own http2 module serves HTTPS, and HTTP/1.1 on the same port for clients
 * that do not offer h2 (ALPN). Fastify types such a server apart; routes and hooks are the same, so
 * the instance is used as the plain one everywhere (main.ts only listens and closes it).
 */
function tlsServerOptions(config: Config): object {
  if (!config.tls) return {};
  return { http2: true, https: { allowHTTP1: true, cert: config.tls.cert, key: config.tls.key } };
}

/**
 * Members whose validity passed are switched off at start and every hour (reads also do it per
 * branch); the door devices learn of pauses that began or ended (a pause's own write tells them at
 * once when it starts or ends that day).
 */
function scheduleMemberExpiry(app: FastifyInstance, database: Database) {
  let current: Promise<unknown> | undefined;
  const run = () =>
    (current = expireMembers(database.db)
      .catch((err: unknown) => app.log.error({ err }, 'member expiry failed'))
      .then(() => syncPauseDoors(database.db))
      .catch((err: unknown) => app.log.error({ err }, 'pause doors failed')));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), 60 * 60 * 1000);
    timer.unref();
  });
  // A pass under way finishes before the pool closes (onClose), instead of failing on a closed pool.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await current;
  });
}

/**
 * Sessions of members who expired, were switched off or used up their data are disconnected by the
 * outbox; a pass every few seconds (off in tests, which run passes themselves). Passes never overlap.
 */
function scheduleWifiOutbox(app: FastifyInstance, database: Database, intervalMs: number | undefined) {
  if (!intervalMs) return;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  const pass = async () => {
    try {
      await runWifiOutbox(database.db);
    } catch (err) {
      app.log.error({ err }, 'wifi outbox pass failed');
    } finally {
      current = undefined;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void (current ??= pass()), intervalMs);
    timer.unref();
  });
  // As above: the pass under way ends before the pool is closed ("Cannot use a pool after calling end").
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await current;
  });
}

/** Serves the build's files, and returns the page for the app's own addresses (platform/webPages). */
async function serveWebApp(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The web build writes .br and .gz beside each file (web/vite.config.ts): sent as they are,
    // so a first visit's ~130 files cost no compression work per request.
    preCompressed: true,
    setHeaders: (res, path) => {
      // Vite names files under assets/ by content hash, so they never change once served.
      const hashed = path.includes(`${join(root, 'assets')}`);
      void res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return webPages(root);
}
