import { createFileRoute } from '@tanstack/react-router';
import { UserSignInPage } from '../components/auth/UserSignInForm';
import { leaveSignInIfSignedIn } from '../components/auth/session';
import { pageHead } from '../components/layout/pageTitles';

export const Route = createFileRoute('/signin')({
  beforeLoad: leaveSignInIfSignedIn,
  head: pageHead('/signin'),
  component: UserSignInPage,
});
