import type { MouseEvent } from 'react';
import type { SignInPath } from '../components/auth/paths';

const EVENT = 'signin:page';

/** A link between the sign-in pages changes the page in place: no new load over a slow network. */
export function showSignInPage(e: MouseEvent, path: SignInPath): void {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  window.history.pushState(null, '', path);
  window.dispatchEvent(new Event(EVENT));
}

/** Calls `onChange` with the path whenever a sign-in link or the back button changes the page. */
export function onSignInPageChange(onChange: (path: string) => void): () => void {
  const handler = () => onChange(window.location.pathname);
  window.addEventListener(EVENT, handler);
  window.addEventListener('popstate', handler);
  return () => {
    window.removeEventListener(EVENT, handler);
    window.removeEventListener('popstate', handler);
  };
}
