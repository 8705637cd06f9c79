import { USER_TYPE_LABELS, USER_TYPES, type UserTypeValue } from '../../../../shared/constants';

export const isLimitedType = (t: UserTypeValue) => t === 'Telicaller' || t === 'Telicaller-hade';

/** Select options for user types; telecallers and heads are disabled once the limit is reached. */
export function userTypeOptions(limitReached = false) {
  return USER_TYPES.map((value) => ({ value, label: USER_TYPE_LABELS[value], disabled: limitReached && isLimitedType(value) }));
}

export const userTypeLabel = (t: string) => USER_TYPE_LABELS[t as UserTypeValue] ?? t;

export const USER_TYPE_COLORS: Record<UserTypeValue, string> = { Telicaller: 'blue', 'Telicaller-hade': 'violet', Developer: 'teal' };
