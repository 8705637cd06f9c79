import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import * as users from '../services/users/users.service.js';
import * as profile from '../services/profile/profile.service.js';
import { CreateUserInput, UpdateUserInput, UserIdInput, UserTypeSchema } from '../../shared/schemas/users.js';
import { ProfileUpdateInput } from '../../shared/schemas/profile.js';
import { requireRole, subadminOf, userOf } from './legacy.js';
import { SMALL_BODY_LIMIT } from '../http/body-limits.js';
import { chosenBody, legacyRoutes } from './route.js';

/** The original client may send a mobile as a JSON number. */
function withTextMobile(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const b = body as Record<string, unknown>;
  return typeof b.mobile === 'number' ? { ...b, mobile: String(b.mobile) } : b;
}

const PROFILE_FIELDS = ['company_name', 'gst', 'company_bio', 'address'] as const;

/** PUT /updateUser is a profile update when the body carries any company field. */
const isProfileUpdate = (body: unknown) => !!body && typeof body === 'object' && PROFILE_FIELDS.some((k) => (body as Record<string, unknown>)[k] !== undefined);

const legacyUser = (u: users.LegacyUserFields) => ({ id: u.id, name: u.name, email: u.email, mobile: u.mobile, user_type: u.user_type, blocked: u.blocked });

const TelecallersQuery = z.object({ user_type: UserTypeSchema.default('Telicaller') });

const CreateUserBody = z.preprocess(withTextMobile, CreateUserInput);
const UpdateUserBody = chosenBody((body) => (isProfileUpdate(body) ? 'profile' : 'user'), {
  profile: ProfileUpdateInput,
  user: z.preprocess(withTextMobile, UpdateUserInput),
});

export const usersRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const r = legacyRoutes(app, 'Users');
  const guard = requireRole('subadmin');

  // One path, two uses (docs/product-rules.md#legacy-api): a user reads itself, a sub-admin reads its company's users.
  r.get(
    '/users',
    {
      summary: "A user's own profile, or a sub-admin's users",
      description: "A user's session gets its own record under data; a sub-admin's gets every user of its company.",
      guard: requireRole('subadmin', 'user'),
    },
    async (req) => {
      if (req.actor!.kind === 'user') {
        return { status: true, data: legacyUser(await users.getOwnUser(deps, userOf(req))), message: 'User fetched successfully.' };
      }
      const list = await users.listAllUsers(deps, subadminOf(req));
      return { status: true, data: list.map(legacyUser), message: list.length ? 'Users fetched successfully.' : 'No users found' };
    },
  );

  r.post(
    '/createUser',
    {
      summary: 'Create a telecaller, telecaller head or developer',
      description: 'The mobile may be sent as a JSON number.',
      guard,
      body: CreateUserBody,
      answers: 'created',
      errors: [409],
    },
    async (req, { body }, reply) => {
      const user = await users.createUser(deps, subadminOf(req), body);
      return reply.code(201).send({ success: true, status: true, message: 'User created successfully!', data: legacyUser(user) });
    },
  );

  r.put(
    '/updateUser',
    {
      summary: "Update a user, or the sub-admin's own profile",
      description: `A body carrying any of ${PROFILE_FIELDS.join(', ')} updates the sub-admin's profile (the first schema); any other updates the user it names by id (the second).`,
      guard,
      body: UpdateUserBody,
      bodyLimit: SMALL_BODY_LIMIT,
      errors: [404, 409],
    },
    async (req, { body }) => {
      if (body.kind === 'profile') {
        const data = await profile.updateProfile(deps, subadminOf(req), body.value);
        return { success: true, status: true, message: 'Subadmin updated successfully!', data };
      }
      const user = await users.updateUser(deps, subadminOf(req), body.value);
      return { success: true, status: true, message: 'User updated successfully.', data: legacyUser(user) };
    },
  );

  r.patch('/blockUser/:id', { summary: 'Block a user: its sessions end and it cannot sign in', guard, params: UserIdInput }, async (req, { params }) => {
    await users.setUserBlocked(deps, subadminOf(req), { id: params.id, blocked: true });
    return { success: true, status: true, message: 'User has been blocked successfully.' };
  });

  r.patch('/unblockUser/:id', { summary: 'Unblock a user', guard, params: UserIdInput }, async (req, { params }) => {
    await users.setUserBlocked(deps, subadminOf(req), { id: params.id, blocked: false });
    return { success: true, status: true, message: 'User has been unblocked successfully.' };
  });

  r.delete('/deleteUser/:id', { summary: 'Delete a user', guard, params: UserIdInput }, async (req, { params }) => {
    await users.removeUser(deps, subadminOf(req), { id: params.id });
    return { success: true, status: true, message: 'User has been deleted successfully.' };
  });

  r.get('/SubadminFetch', { summary: "The sub-admin's own profile", guard }, async (req) => {
    return { status: true, data: await profile.getProfile(deps, subadminOf(req)) };
  });

  r.get(
    '/telecallers',
    { summary: "The company's active users of one type (telecallers by default)", guard, query: TelecallersQuery },
    async (req, { query }) => {
      const data = await users.listActiveUsers(deps, subadminOf(req), [query.user_type]);
      return { status: true, data, telecallers: data };
    },
  );

  r.get('/telecallershead', { summary: "The company's active telecaller heads", guard }, async (req) => {
    const heads = await users.listActiveUsers(deps, subadminOf(req), ['Telicaller-hade']);
    return { status: true, data: heads.map((h) => ({ id: h.id, name: h.name })) };
  });
};
