import { createFileRoute } from '@tanstack/react-router';
import { UserSignInPage } from '../components/auth/UserSignInForm';
import { leaveSignInIfSignedIn } from '../components/auth/session';
import { pageTitle } from '../components/layout/brand';

export const Route = createFileRoute('/signin')({
  beforeLoad: leaveSignInIfSignedIn,
  head: () => ({ meta: [{ title: pageTitle('Sign in') }] }),
  component: UserSignInPage,
});
