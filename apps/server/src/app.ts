import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX, JSON_BODY_LIMIT_BYTES, REQUEST_ID_HEADER } from '@parapet/shared';
import type { Config } from './env.js';
import type { Store } from './db/open-store.js';
import { authPlugin } from './plugins/auth.js';
import { csrfPlugin } from './plugins/csrf.js';
import { drainOnClose } from './plugins/drain-on-close.js';
import { housekeepingPlugin } from './plugins/housekeeping.js';
import { tenancyPlugin } from './plugins/tenancy.js';
import { adminUserRoutes } from './modules/admin-users/admin-users.routes.js';
import { groupRoutes } from './modules/groups/groups.routes.js';
import { tenancyRoutes } from './modules/tenancy/tenancy.routes.js';
import { certRoutes } from './modules/certs/certs.routes.js';
import { originPolicyRoutes } from './modules/origin-policies/origin-policies.routes.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createOriginGuard, type OriginGuard, type ResolveHost } from './lib/origin-guard.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { consolePlugin } from './plugins/console.js';
import { compressionPlugin } from './plugins/compression.js';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.js';
import { parseQueryString } from './lib/query-string.js';
import { textGuardPlugin } from './plugins/text-guard.js';
import { apiHelmetOptions, consoleHelmetOptions, securityHeadersPlugin } from './plugins/security-headers.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { openapiPlugin } from './plugins/openapi.js';
import { realtimePlugin } from './realtime/realtime.js';
import { deployPlugin } from './modules/deploy/deploy.plugin.js';
import { registerDeployedKinds } from './core/registry.js';
import { certKind } from './modules/certs/certs.kind.js';
import { htmlPageKind } from './modules/html-pages/html-pages.kind.js';
import { originPolicyKind } from './modules/origin-policies/origin-policies.kind.js';
import { serviceLineKind } from './modules/service-lines/service-lines.kind.js';
import { wafRuleKind } from './modules/waf-rules/waf-rules.kind.js';
import { taskRoutes } from './modules/deploy/tasks.routes.js';
import { htmlPageRoutes } from './modules/html-pages/html-pages.routes.js';
import { healthChecksPlugin } from './modules/origin-health/health.plugin.js';
import { serviceLineRoutes } from './modules/service-lines/service-lines.routes.js';
import { validateRoutes } from './modules/service-lines/validate.routes.js';
import { wafRuleRoutes } from './modules/waf-rules/waf-rules.routes.js';
import { wafRuleToolRoutes } from './modules/waf-rules/waf-rules.tools.routes.js';
import { wafRuleDryRunRoutes } from './modules/waf-rules/waf-rules.dry-run.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { SERVER_VERSION } from './version.js';
import { eventStorePlugin } from './modules/event-store/event-store.plugin.js';
import { eventLogRoutes } from './modules/event-logs/event-logs.routes.js';
import { ingestRoutes } from './modules/ingest/ingest.routes.js';
import { retentionPlugin } from './modules/event-store/retention.plugin.js';
import { ingestTokenRoutes } from './modules/ingest-tokens/ingest-tokens.routes.js';
import type { EventStore } from './modules/event-store/event-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    store: Store;
    mailer: Mailer;
    /** Which origin addresses may be saved and checked (ALLOW_PRIVATE_ORIGINS). */
    originGuard: OriginGuard;
  }
}

export interface BuildOptions {
  config: Config;
  store: Store;
  logger?: FastifyServerOptions['logger'];
  /** Tests may hand in their own mailer (one that fails, say). */
  mailer?: Mailer;
  /** Tests may hand in their own DNS answers for origin host names. */
  resolveHost?: ResolveHost;
  /** Tests may hand in their own request-event store. */
  eventStore?: EventStore;
}

/**
 * Every deployed kind, registered before anything deploys (docs/deployed-kinds.md): the write
 * path, the deploy worker and the quota page find tables, publishers and counters here.
 */
const DEPLOYED_KINDS = [certKind, htmlPageKind, originPolicyKind, serviceLineKind, wafRuleKind];

/** A request id from a proxy is kept when it looks like one; otherwise we make our own. */
const SAFE_REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Builds the whole application without listening, so tests drive it through `inject` and
 * server.ts decides how it meets the network.
 */
export async function buildApp({
  config,
  store,
  logger,
  mailer,
  resolveHost,
  eventStore,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Past the router's limit a parameter is refused before its route's schema can say which
    // field is wrong; our schemas bound every parameter well below this.
    // An empty query value is a parameter not given (lib/query-string.ts).
    routerOptions: { maxParamLength: 2048, querystringParser: parseQueryString },
    frameworkErrors: frameworkErrorHandler,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  drainOnClose(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('config', config);
  app.decorate('store', store);
  app.decorate(
    'mailer',
    mailer ?? createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom }),
  );
  app.addHook('onClose', async () => app.mailer.close());
  app.decorate(
    'originGuard',
    createOriginGuard({ allowPrivate: config.allowPrivateOrigins, ...(resolveHost ? { resolve: resolveHost } : {}) }),
  );
  // A callback hook: an async one costs every answer a promise and its turns.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });

  await app.register(errorsPlugin);
  await app.register(compressionPlugin);
  await app.register(textGuardPlugin);
  await app.register(securityHeadersPlugin, { console: consoleHelmetOptions(config), api: apiHelmetOptions(config) });
  await app.register(cookie);
  await app.register(csrfPlugin);
  await app.register(authPlugin);
  await app.register(tenancyPlugin);
  await app.register(housekeepingPlugin);
  await app.register(eventStorePlugin, eventStore ? { store: eventStore } : {});
  await app.register(retentionPlugin);
  await app.register(realtimePlugin, { redisUrl: config.redisUrl });
  registerDeployedKinds(DEPLOYED_KINDS);
  await app.register(deployPlugin);
  await app.register(healthChecksPlugin);
  await app.register(openapiPlugin, { version: SERVER_VERSION });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { version: SERVER_VERSION });
      await api.register(userRoutes);
      await api.register(authRoutes);
      await api.register(profileRoutes);
      await api.register(groupRoutes);
      await api.register(adminUserRoutes);
      await api.register(tenancyRoutes);
      await api.register(certRoutes);
      await api.register(originPolicyRoutes);
      await api.register(htmlPageRoutes);
      await api.register(taskRoutes);
      await api.register(serviceLineRoutes);
      await api.register(validateRoutes);
      await api.register(wafRuleRoutes);
      await api.register(wafRuleToolRoutes);
      await api.register(eventLogRoutes);
      await api.register(dashboardRoutes);
      await api.register(ingestTokenRoutes);
      await api.register(ingestRoutes);
      await api.register(wafRuleDryRunRoutes);
    },
    { prefix: API_PREFIX },
  );

  await app.register(consolePlugin, { webRoot: config.webRoot });
  return app;
}
