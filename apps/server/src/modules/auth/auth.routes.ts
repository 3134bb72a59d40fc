import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  USER_API,
  credentialsRequestSchema,
  currentUserSchema,
  emailRequestSchema,
  errorBodySchema,
  loginRequestSchema,
  okSchema,
  otpSetupSchema,
  resetOtpRequestSchema,
  resetPasswordRequestSchema,
  resetTokenInfoSchema,
  signupRequestSchema,
  tokenQuerySchema,
} from '@parapet/shared';
import { AppError } from '../../lib/app-error.js';
import { localeOf } from '../../lib/accept-language.js';
import { deleteSession } from '../sessions/sessions.repository.js';
import { clearSessionCookie, setSessionCookie } from '../sessions/session-cookie.js';
import { loadCurrentUser } from '../users/current-user.js';
import type { AccountContext } from './context.js';
import { inspectResetToken, requestReset, resetOtp, resetPassword } from './resets.js';
import { signIn } from './sign-in.js';
import { confirmEmail, resendConfirmation, signUp } from './sign-up.js';

export function accountContext(app: FastifyInstance, request: FastifyRequest): AccountContext {
  return {
    db: app.store.db,
    config: app.config,
    mailer: app.mailer,
    log: request.log,
    disconnectSession: (id) => app.realtime.disconnectSession(id),
  };
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
const tags = ['account'];

/** Signing in and out, signing up, and the mailed-link flows (spec §7 /user calls, §8). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.publicUrl.startsWith('https:');

  app.post(
    USER_API.login,
    { schema: { tags, summary: 'Sign in', body: loginRequestSchema, response: { 200: currentUserSchema, ...errors } } },
    async (request, reply) => {
      const ctx = accountContext(app, request);
      const session = await signIn(ctx, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      // The session id changes at every sign-in; a session the browser already had ends.
      if (request.auth) await deleteSession(app.store.db, request.auth.sessionId);
      setSessionCookie(reply, session.token, session.expiresAt, secure);
      const user = await loadCurrentUser(app.store.db, session.userId);
      if (!user) throw new AppError('LOGIN_FAILED');
      return user;
    },
  );

  app.get(
    USER_API.logout,
    { schema: { tags, summary: 'Sign out', response: { 200: okSchema, 403: errorBodySchema } } },
    async (request, reply) => {
      if (request.auth) {
        await deleteSession(app.store.db, request.auth.sessionId);
        app.realtime.disconnectSession(request.auth.sessionId);
      }
      clearSessionCookie(reply, secure);
      return { ok: true as const };
    },
  );

  app.post(
    USER_API.signup,
    {
      schema: {
        tags,
        summary: 'Create an account and mail its confirmation link',
        body: signupRequestSchema,
        response: { 201: okSchema, ...errors, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      await signUp(
        accountContext(app, request),
        request.body,
        localeOf(request.headers['accept-language']),
        request.ip,
      );
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.get(
    USER_API.confirm,
    {
      schema: {
        tags,
        summary: 'Follow a confirmation link; redirects to the sign-in page',
        querystring: tokenQuerySchema,
        response: { 302: z.null().describe('To /login?confirmed=1, or confirmed=0 for a used or unknown link') },
      },
    },
    async (request, reply) => {
      const confirmed = await confirmEmail(accountContext(app, request), request.query.token);
      return reply.redirect(`/login?confirmed=${confirmed ? 1 : 0}`);
    },
  );

  app.post(
    USER_API.resendConfirmation,
    {
      schema: {
        tags,
        summary: 'Mail the confirmation link again',
        body: credentialsRequestSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await resendConfirmation(
        accountContext(app, request),
        request.body,
        localeOf(request.headers['accept-language']),
        request.ip,
      );
      return { ok: true as const };
    },
  );

  for (const [path, purpose] of [
    [USER_API.forgotPassword, 'reset_password'],
    [USER_API.forgotOtp, 'reset_otp'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: `Mail a ${purpose === 'reset_password' ? 'password' : 'one-time-password'} reset link; the same answer for any address`,
          body: emailRequestSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        await requestReset(
          accountContext(app, request),
          purpose,
          request.body.email,
          localeOf(request.headers['accept-language']),
          request.ip,
        );
        return { ok: true as const };
      },
    );
  }

  app.get(
    USER_API.validateResetPasswordToken,
    {
      schema: {
        tags,
        summary: 'Check a password reset token',
        querystring: tokenQuerySchema,
        response: { 200: resetTokenInfoSchema, 400: errorBodySchema },
      },
    },
    async (request) => inspectResetToken(accountContext(app, request), request.query.token, 'reset_password'),
  );

  app.post(
    USER_API.validateResetPasswordToken,
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        querystring: tokenQuerySchema,
        body: resetPasswordRequestSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await resetPassword(accountContext(app, request), request.query.token, request.body, request.ip);
      return { ok: true as const };
    },
  );

  app.get(
    USER_API.validateResetOtpToken,
    {
      schema: {
        tags,
        summary: 'Check a one-time-password reset token',
        querystring: tokenQuerySchema,
        response: { 200: resetTokenInfoSchema, 400: errorBodySchema },
      },
    },
    async (request) => inspectResetToken(accountContext(app, request), request.query.token, 'reset_otp'),
  );

  app.post(
    USER_API.resetUserData,
    {
      schema: {
        tags,
        summary: 'Reset the one-time-password setup with a reset token and a new password',
        body: resetOtpRequestSchema,
        response: { 200: otpSetupSchema, ...errors },
      },
    },
    async (request) => resetOtp(accountContext(app, request), request.body, request.ip),
  );
};
