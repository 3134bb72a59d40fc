import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  USER_API,
  changePasswordRequestSchema,
  currentUserSchema,
  errorBodySchema,
  okSchema,
  otpDisableRequestSchema,
  otpEnableRequestSchema,
  otpSetupSchema,
  profileUpdateSchema,
  type CurrentUser,
} from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';
import type { RequestAuth } from '../../plugins/auth.js';
import { localeOf } from '../../lib/accept-language.js';
import { accountContext } from '../auth/auth.routes.js';
import { requestOwnOtpReset } from '../auth/resets.js';
import { disableOtp, enableOtp, setupOtp } from '../auth/two-factor.js';
import { deleteAvatar, findAvatar, saveAvatar } from '../users/avatars.repository.js';
import { loadCurrentUser } from '../users/current-user.js';
import { updateUser } from '../users/users.repository.js';
import { appendAudit } from '../audit/audit.repository.js';
import { changePassword, sniffImageType } from './profile.service.js';
import { readAvatar } from './read-avatar.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
const tags = ['profile'];
const security = [{ session: [] }];

/** The signed-in user's own settings: profile, picture, password and two-factor sign-in. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest, so a visitor gets 401 before anything about the body is said.
  app.addHook('onRequest', app.requireUser);
  /** The auth hook guarantees a session here. */
  const who = (auth: RequestAuth | null): RequestAuth => {
    if (!auth) throw new AppError('UNAUTHENTICATED');
    return auth;
  };
  /** The user's own changes go to the audit log like any other (secrets never do). */
  const audit = async (before: CurrentUser, after: CurrentUser | Record<string, unknown>, pick: readonly string[]) => {
    const only = (o: object) => Object.fromEntries(Object.entries(o).filter(([k]) => pick.includes(k)));
    await appendAudit(app.store.db, {
      actor: before.username,
      groupName: null,
      entity: 'user',
      entityId: before.username,
      action: 'update',
      before: only(before),
      after: only(after),
    });
  };
  const me = async (userId: string) => {
    const user = await loadCurrentUser(app.store.db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return user;
  };

  app.post(
    USER_API.changePassword,
    {
      schema: {
        tags,
        security,
        summary: 'Change the password; other sessions end',
        body: changePasswordRequestSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const auth = who(request.auth);
      const before = await me(auth.userId);
      await changePassword(accountContext(app, request), auth.userId, auth.sessionId, request.body);
      await audit(before, { credentialsChangedAt: Date.now() }, ['credentialsChangedAt']);
      return { ok: true as const };
    },
  );

  app.put(
    USER_API.profile,
    {
      schema: {
        tags,
        security,
        summary: 'Update profile information',
        body: profileUpdateSchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => {
      const auth = who(request.auth);
      const before = await me(auth.userId);
      await updateUser(app.store.db, auth.userId, { phone_number: request.body.phoneNumber || null });
      const after = await me(auth.userId);
      await audit(before, after, ['phoneNumber']);
      return after;
    },
  );

  // The one route that reads multipart bodies, and the only one that pays for the plugin: it adds
  // two hooks and a listener to every request of the scope it is registered in (for files saved
  // to disk, which nothing here does). Elsewhere a multipart body is a type the route does not
  // take (415).
  await app.register(async (upload) => {
    await upload.register(multipart);
    upload.post(
      USER_API.setAvatar,
      {
        schema: {
          tags,
          security,
          summary: 'Upload a profile picture (PNG, JPEG or WebP, up to 1 MB; multipart field "avatar")',
          consumes: ['multipart/form-data'],
          response: { 200: currentUserSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
        },
      },
      async (request) => {
        const auth = who(request.auth);
        const bytes = await readAvatar(request);
        const type = sniffImageType(bytes);
        if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        const before = await me(auth.userId);
        await saveAvatar(app.store.db, auth.userId, type, bytes);
        const after = await me(auth.userId);
        await audit(before, { hasAvatar: true, avatarType: type }, ['hasAvatar', 'avatarType']);
        return after;
      },
    );
  });

  app.get(
    USER_API.avatar,
    {
      schema: {
        tags,
        security,
        summary: 'The profile picture, served with its own type',
        response: { 200: z.any(), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const avatar = await findAvatar(app.store.db, who(request.auth).userId);
      if (!avatar) throw new AppError('NOT_FOUND');
      // Served as the type sniffed at upload, never as HTML; nosniff comes from helmet.
      return reply
        .type(avatar.mime)
        .header('cache-control', 'private, no-cache')
        .header('content-security-policy', "default-src 'none'")
        .send(Buffer.from(avatar.data, 'base64'));
    },
  );

  app.delete(
    USER_API.avatar,
    {
      schema: {
        tags,
        security,
        summary: 'Remove the profile picture',
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => {
      const auth = who(request.auth);
      const before = await me(auth.userId);
      await deleteAvatar(app.store.db, auth.userId);
      const after = await me(auth.userId);
      await audit(before, after, ['hasAvatar']);
      return after;
    },
  );

  app.post(
    USER_API.otpSetup,
    {
      schema: {
        tags,
        security,
        summary: 'Start turning two-factor sign-in on: a new secret and its QR code',
        response: { 200: otpSetupSchema, ...errors },
      },
    },
    async (request) => setupOtp(accountContext(app, request), who(request.auth).userId),
  );

  app.post(
    USER_API.otpEnable,
    {
      schema: {
        tags,
        security,
        summary: 'Turn two-factor sign-in on with a code from the new secret; other sessions end',
        body: otpEnableRequestSchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => {
      const auth = who(request.auth);
      const before = await me(auth.userId);
      await enableOtp(accountContext(app, request), auth.userId, auth.sessionId, request.body.token);
      const after = await me(auth.userId);
      await audit(before, after, ['otpEnabled']);
      return after;
    },
  );

  app.post(
    USER_API.otpDisable,
    {
      schema: {
        tags,
        security,
        summary: 'Turn two-factor sign-in off with the password and a code; other sessions end',
        body: otpDisableRequestSchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => {
      const auth = who(request.auth);
      const before = await me(auth.userId);
      await disableOtp(accountContext(app, request), auth.userId, auth.sessionId, request.body);
      const after = await me(auth.userId);
      await audit(before, after, ['otpEnabled']);
      return after;
    },
  );

  app.post(
    USER_API.otpResetRequest,
    {
      schema: {
        tags,
        security,
        summary: 'Mail the signed-in user a one-time-password reset link',
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await requestOwnOtpReset(
        accountContext(app, request),
        who(request.auth).userId,
        localeOf(request.headers['accept-language']),
      );
      return { ok: true as const };
    },
  );
};
