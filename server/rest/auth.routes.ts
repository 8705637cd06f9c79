import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.js';
import * as auth from '../services/auth/auth.service.js';
import { EmailSignInInput, LoginAsInput, MobileSignInInput } from '../../shared/schemas/auth.js';
import { requireRole, subadminOf } from './legacy.js';
import { legacyRoutes } from './route.js';
import { SMALL_BODY_LIMIT } from '../http/body-limits.js';
import { requestMeta } from '../http/session-plugin.js';
import { clearSessionCookie, setKnownDeviceCookie, setSessionCookie } from '../http/session-cookie.js';

const SIGN_IN = 'Answers the session token (send it as "Authorization: Bearer <token>") and sets the session cookie as well.';
/** Wrong credentials (401), a blocked or expired account (403), too many failed tries (429). */
const SIGN_IN_ERRORS = [401, 403, 429];

export const authRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const r = legacyRoutes(app, 'Sign-in');
  const secure = (protocol: string) => protocol === 'https';

  r.post(
    '/admin/login',
    { summary: 'Sign in as the platform admin', description: SIGN_IN, body: EmailSignInInput, bodyLimit: SMALL_BODY_LIMIT, errors: SIGN_IN_ERRORS },
    async (req, { body }, reply) => {
      const { token, knownDevices } = await auth.signInAdmin(deps, body, requestMeta(req));
      setSessionCookie(reply, token, secure(req.protocol));
      setKnownDeviceCookie(reply, knownDevices, secure(req.protocol));
      return { success: true, status: true, token, message: 'Login successful' };
    },
  );

  r.post(
    '/subadmin/login',
    { summary: 'Sign in as a sub-admin (a company)', description: SIGN_IN, body: EmailSignInInput, bodyLimit: SMALL_BODY_LIMIT, errors: SIGN_IN_ERRORS },
    async (req, { body }, reply) => {
      const { token, knownDevices, subadmin } = await auth.signInSubadmin(deps, body, requestMeta(req));
      setSessionCookie(reply, token, secure(req.protocol));
      setKnownDeviceCookie(reply, knownDevices, secure(req.protocol));
      return { success: true, status: true, token, message: 'Login successful!', subadminId: subadmin.id, username: subadmin.name };
    },
  );

  r.post(
    '/auth/login',
    {
      summary: 'Sign in as a telecaller, telecaller head or developer (by mobile)',
      description: `${SIGN_IN} Also answers userType, username and userId.`,
      body: MobileSignInInput,
      bodyLimit: SMALL_BODY_LIMIT,
      errors: SIGN_IN_ERRORS,
    },
    async (req, { body }, reply) => {
      const { token, knownDevices, user } = await auth.signInUser(deps, body, requestMeta(req));
      setSessionCookie(reply, token, secure(req.protocol));
      setKnownDeviceCookie(reply, knownDevices, secure(req.protocol));
      return { success: true, status: true, message: 'Login Successful', token, userType: user.userType, username: user.name, userId: user.id };
    },
  );

  // Login-as: the original client's POST /login {userId}, by a sub-admin for one of its own users.
  r.post(
    '/login',
    {
      summary: "Log in as one of the company's users (login-as)",
      description: 'Opens a session as the user; the session records the sub-admin who opened it. Answers the new token and sets the session cookie.',
      guard: requireRole('subadmin'),
      body: LoginAsInput,
      bodyLimit: SMALL_BODY_LIMIT,
      errors: [404],
    },
    async (req, { body }, reply) => {
      const { token, user } = await auth.loginAsUser(deps, subadminOf(req), body.userId, requestMeta(req));
      setSessionCookie(reply, token, secure(req.protocol));
      return { success: true, status: true, username: user.name, token, userType: user.userType, userId: user.id, message: 'Logged in as user' };
    },
  );

  r.post(
    '/logout',
    { summary: 'Sign out: ends this session', guard: requireRole('admin', 'subadmin', 'user'), bodyLimit: SMALL_BODY_LIMIT },
    async (req, _input, reply) => {
      await auth.signOut(deps, req.actor!);
      clearSessionCookie(reply);
      return { success: true, status: true, message: 'Logged out' };
    },
  );
};
