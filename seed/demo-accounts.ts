/**
 * The demo's sign-ins: printed at start, written in the README and in this public source, so anyone
 * may know them. A server open to the network refuses them (server/auth/demo-passwords.ts).
 */
export const DEMO = {
  admin: { email: 'admin@demo.local', password: 'admin12345' },
  subadmin: { email: 'owner@sunrise.demo', password: 'owner12345' },
  telecaller: { mobile: '9876500001', password: 'caller12345' },
  head: { mobile: '9876500002', password: 'head12345' },
  developer: { mobile: '9876500003', password: 'dev12345' },
};

/** The demo company's second telecaller (not printed, but its password is in this file). */
export const DEMO_SECOND_TELECALLER = { mobile: '9876500004', password: 'caller12345' };

export type DemoAccountKind = 'admin' | 'subadmin' | 'user';

/** Every demo account by how it signs in: the kind, its sign-in id (email or mobile), its published password. */
export const DEMO_ACCOUNTS: ReadonlyArray<{ kind: DemoAccountKind; signInId: string; password: string }> = [
  { kind: 'admin', signInId: DEMO.admin.email, password: DEMO.admin.password },
  { kind: 'subadmin', signInId: DEMO.subadmin.email, password: DEMO.subadmin.password },
  ...[DEMO.telecaller, DEMO.head, DEMO.developer, DEMO_SECOND_TELECALLER].map((u) => ({ kind: 'user' as const, signInId: u.mobile, password: u.password })),
];
