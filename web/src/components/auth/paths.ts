/** Where each kind of account signs in, and where it lands after. */
export type AreaKind = 'admin' | 'subadmin' | 'user';

export const SIGN_IN_PATH = { admin: '/adminsignin', subadmin: '/subadminsignin', user: '/signin' } as const satisfies Record<AreaKind, string>;
export const AREA_HOME = { admin: '/admin', subadmin: '/subadmin/dashbord', user: '/' } as const satisfies Record<AreaKind, string>;

/** The paths served by the sign-in page (signin.html), not by the app. */
export const SIGN_IN_PAGES = ['/signin', '/login', '/adminsignin', '/subadminsignin'] as const;
export type SignInPath = (typeof SIGN_IN_PAGES)[number];

/** The message the next page shows as a toast once it has loaded (a sign-in's "Login Successful"). */
const FLASH = 'flash';
export const leaveFlash = (message: string) => {
  try {
    sessionStorage.setItem(FLASH, message);
  } catch {
    // Private mode without storage: the toast is skipped.
  }
};
export function takeFlash(): string | null {
  try {
    const message = sessionStorage.getItem(FLASH);
    sessionStorage.removeItem(FLASH);
    return message;
  } catch {
    return null;
  }
}

/**
 * A full page load of another page: the sign-in pages are not part of the app (they load a fraction
 * of its code). The promise never settles, so nothing renders while the page goes.
 */
export function goTo(path: string): Promise<never> {
  window.location.replace(path);
  return new Promise<never>(() => undefined);
}
