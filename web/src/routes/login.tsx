import { createFileRoute } from '@tanstack/react-router';
import { UserSignInPage } from '../components/auth/UserSignInForm';
import { leaveSignInIfSignedIn } from '../components/auth/session';
import { pageTitle } from '../components/layout/brand';

/** The same sign-in as /signin, kept because links to /login exist. */
export const Route = createFileRoute('/login')({
  beforeLoad: leaveSignInIfSignedIn,
  head: () => ({ meta: [{ title: pageTitle('Sign in') }] }),
  component: UserSignInPage,
});
