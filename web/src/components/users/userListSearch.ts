import { USER_TYPES, type UserTypeValue } from '../../../../shared/constants';
import { LIST_PAGE_SIZE, oneOf, pageParam, presentOnly, textParam } from '../../lib/listSearch';

// Kept apart from the page: a route's validateSearch and loader are in the first-load bundle, its component is not.

/** The sub-admin's list of telecallers, heads and developers in the URL. */
export interface UserListSearch {
  page?: number;
  search?: string;
  type?: UserTypeValue;
}

export function validateUserListSearch(s: Record<string, unknown>): UserListSearch {
  return presentOnly({ page: pageParam(s.page), search: typeof s.search === 'string' ? textParam(s.search) : undefined, type: oneOf(USER_TYPES, s.type) });
}

/** The `users.list` input of the page and of its route's loader. */
export const userListInput = (search: UserListSearch) => ({
  page: search.page ?? 1,
  pageSize: LIST_PAGE_SIZE,
  search: search.search || undefined,
  userType: search.type,
});
