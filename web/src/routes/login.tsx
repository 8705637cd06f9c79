import { createFileRoute } from '@tanstack/react-router';
import { UserSignInPage } from '../components/auth/UserSignInForm';
import { leaveSignInIfSignedIn } from '../components/auth/session';
import { pageHead } from '../components/layout/pageTitles';

/** The same sign-in as /signin, kept because links to /login exist. */
export const Route = createFileRoute('/login')({
  beforeLoad: leaveSignInIfSignedIn,
  head: pageHead('/login'),
  component: UserSignInPage,
});
