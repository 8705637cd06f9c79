import { createFileRoute } from '@tanstack/react-router';
import { EmailSignInPage } from '../components/auth/EmailSignInForm';
import { leaveSignInIfSignedIn } from '../components/auth/session';
import { pageTitle } from '../components/layout/brand';

export const Route = createFileRoute('/adminsignin')({
  beforeLoad: leaveSignInIfSignedIn,
  head: () => ({ meta: [{ title: pageTitle('Admin sign in') }] }),
  component: AdminSignIn,
});

function AdminSignIn() {
  return (
    <EmailSignInPage
      kind="admin"
      title="Admin sign in"
      subtitle="Platform administration"
      links={[{ question: 'Company admin?', label: 'Sign in here', to: '/subadminsignin' }]}
    />
  );
}
