import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import * as auth from '../services/auth/auth.service.js';
import { EmailSignInInput, LoginAsInput, MobileSignInInput } from '../../shared/schemas/auth.js';
import { parseInput, requireRole, subadminOf } from './legacy.js';
import { requestMeta } from '../http/session-plugin.js';
import { clearSessionCookie, setKnownDeviceCookie, setSessionCookie } from '../http/session-cookie.js';

export const authRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const secure = (protocol: string) => protocol === 'https';

  app.post('/admin/login', async (req, reply) => {
    const { token, knownDevices } = await auth.signInAdmin(deps, parseInput(EmailSignInInput, req.body), requestMeta(req));
    setSessionCookie(reply, token, secure(req.protocol));
    setKnownDeviceCookie(reply, knownDevices, secure(req.protocol));
    return { success: true, status: true, token, message: 'Login successful' };
  });

  app.post('/subadmin/login', async (req, reply) => {
    const { token, knownDevices, subadmin } = await auth.signInSubadmin(deps, parseInput(EmailSignInInput, req.body), requestMeta(req));
    setSessionCookie(reply, token, secure(req.protocol));
    setKnownDeviceCookie(reply, knownDevices, secure(req.protocol));
    return { success: true, status: true, token, message: 'Login successful!', subadminId: subadmin.id, username: subadmin.name };
  });

  const userLogin = async (req: FastifyRequest, reply: FastifyReply) => {
    const { token, knownDevices, user } = await auth.signInUser(deps, parseInput(MobileSignInInput, req.body), requestMeta(req));
    setSessionCookie(reply, token, secure(req.protocol));
    setKnownDeviceCookie(reply, knownDevices, secure(req.protocol));
    return { success: true, status: true, message: 'Login Successful', token, userType: user.userType, username: user.name, userId: user.id };
  };
  app.post('/auth/login', userLogin);

  // Login-as: the spec's POST /login {userId}, by a sub-admin for one of its own users.
  app.post('/login', { preHandler: requireRole('subadmin') }, async (req, reply) => {
    const { userId } = parseInput(LoginAsInput, req.body);
    const { token, user } = await auth.loginAsUser(deps, subadminOf(req), userId, requestMeta(req));
    setSessionCookie(reply, token, secure(req.protocol));
    return { success: true, status: true, username: user.name, token, userType: user.userType, userId: user.id, message: 'Logged in as user' };
  });

  app.post('/logout', { preHandler: requireRole('admin', 'subadmin', 'user') }, async (req, reply) => {
    await auth.signOut(deps, req.actor!);
    clearSessionCookie(reply);
    return { success: true, status: true, message: 'Logged out' };
  });
};
