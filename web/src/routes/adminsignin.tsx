import { createFileRoute } from '@tanstack/react-router';
import { EmailSignInPage } from '../components/auth/EmailSignInForm';
import { leaveSignInIfSignedIn } from '../components/auth/session';
import { PAGE_TITLES, pageHead } from '../components/layout/pageTitles';

export const Route = createFileRoute('/adminsignin')({
  beforeLoad: leaveSignInIfSignedIn,
  head: pageHead('/adminsignin'),
  component: AdminSignIn,
});

function AdminSignIn() {
  return (
    <EmailSignInPage
      kind="admin"
      title={PAGE_TITLES['/adminsignin']}
      subtitle="Manage subadmins, their notifications and complaints"
      links={[{ question: 'Subadmin?', label: PAGE_TITLES['/subadminsignin'], to: '/subadminsignin' }]}
    />
  );
}
