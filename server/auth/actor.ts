import type { UserType } from '../db/schema.js';

export interface AdminActor {
  kind: 'admin';
  id: number;
  subadminId: null;
  sessionId: number;
}

export interface SubadminActor {
  kind: 'subadmin';
  id: number;
  subadminId: number;
  sessionId: number;
}

export interface UserActor {
  kind: 'user';
  id: number;
  subadminId: number;
  userType: UserType;
  /** the sub-admin who opened this session with login-as, if any */
  impersonatedBy: number | null;
  sessionId: number;
}

export type Actor = AdminActor | SubadminActor | UserActor;

export const isTelecallerType = (t: UserType) => t === 'Telicaller' || t === 'Telicaller-hade';
