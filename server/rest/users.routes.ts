import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import * as users from '../services/users/users.service.js';
import * as profile from '../services/profile/profile.service.js';
import { CreateUserInput, SetBlockedInput, UpdateUserInput, UserIdInput, UserTypeSchema } from '../../shared/schemas/users.js';
import { ProfileUpdateInput } from '../../shared/schemas/profile.js';
import { parseInput, requireRole, subadminOf, userOf } from './legacy.js';

/** The original client may send a mobile as a JSON number. */
function withTextMobile(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const b = body as Record<string, unknown>;
  return typeof b.mobile === 'number' ? { ...b, mobile: String(b.mobile) } : b;
}

const PROFILE_FIELDS = ['company_name', 'gst', 'company_bio', 'address'] as const;

/** PUT /updateUser is a profile update when the body carries any company field. */
const isProfileUpdate = (body: unknown) =>
  !!body && typeof body === 'object' && PROFILE_FIELDS.some((k) => (body as Record<string, unknown>)[k] !== undefined);

const legacyUser = (u: users.LegacyUserFields) => ({ id: u.id, name: u.name, email: u.email, mobile: u.mobile, user_type: u.user_type, blocked: u.blocked });

const TelecallersQuery = z.object({ user_type: UserTypeSchema.default('Telicaller') });

export const usersRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const subadmin = { preHandler: requireRole('subadmin') };

  // One path, two uses (DESIGN.md 7): a user reads itself, a sub-admin reads its company's users.
  app.get('/users', { preHandler: requireRole('subadmin', 'user') }, async (req) => {
    if (req.actor!.kind === 'user') {
      return { status: true, data: legacyUser(await users.getOwnUser(deps, userOf(req))), message: 'User fetched successfully.' };
    }
    const list = await users.listAllUsers(deps, subadminOf(req));
    return { status: true, data: list.map(legacyUser), message: list.length ? 'Users fetched successfully.' : 'No users found' };
  });

  app.post('/createUser', subadmin, async (req, reply) => {
    const user = await users.createUser(deps, subadminOf(req), parseInput(CreateUserInput, withTextMobile(req.body)));
    return reply.code(201).send({ success: true, status: true, message: 'User created successfully!', data: legacyUser(user) });
  });

  app.put('/updateUser', subadmin, async (req) => {
    if (isProfileUpdate(req.body)) {
      const data = await profile.updateProfile(deps, subadminOf(req), parseInput(ProfileUpdateInput, req.body));
      return { success: true, status: true, message: 'Subadmin updated successfully!', data };
    }
    const user = await users.updateUser(deps, subadminOf(req), parseInput(UpdateUserInput, withTextMobile(req.body)));
    return { success: true, status: true, message: 'User updated successfully.', data: legacyUser(user) };
  });

  app.patch('/blockUser/:id', subadmin, async (req) => {
    const { id } = parseInput(UserIdInput, req.params);
    await users.setUserBlocked(deps, subadminOf(req), parseInput(SetBlockedInput, { id, blocked: true }));
    return { success: true, status: true, message: 'User has been blocked successfully.' };
  });

  app.patch('/unblockUser/:id', subadmin, async (req) => {
    const { id } = parseInput(UserIdInput, req.params);
    await users.setUserBlocked(deps, subadminOf(req), parseInput(SetBlockedInput, { id, blocked: false }));
    return { success: true, status: true, message: 'User has been unblocked successfully.' };
  });

  app.delete('/deleteUser/:id', subadmin, async (req) => {
    const { id } = parseInput(UserIdInput, req.params);
    await users.removeUser(deps, subadminOf(req), { id });
    return { success: true, status: true, message: 'User has been deleted successfully.' };
  });

  app.get('/SubadminFetch', subadmin, async (req) => {
    return { status: true, data: await profile.getProfile(deps, subadminOf(req)) };
  });

  app.get('/telecallers', subadmin, async (req) => {
    const { user_type } = parseInput(TelecallersQuery, req.query);
    const data = await users.listActiveUsers(deps, subadminOf(req), [user_type]);
    return { status: true, data, telecallers: data };
  });

  app.get('/telecallershead', subadmin, async (req) => {
    const heads = await users.listActiveUsers(deps, subadminOf(req), ['Telicaller-hade']);
    return { status: true, data: heads.map((h) => ({ id: h.id, name: h.name })) };
  });
};
