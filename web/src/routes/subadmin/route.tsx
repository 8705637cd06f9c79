import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guardArea } from '../../components/auth/session';
import { useSessionWatch } from '../../components/auth/useSessionWatch';
import { SUBADMIN_NAV } from '../../components/layout/subadminNav';
import { AreaShell } from '../../components/layout/AreaShell';
import { NotFound } from '../../components/layout/NotFound';
import { PRODUCT_NAME, pageTitle } from '../../components/layout/brand';

/** The subadmin's area; entering loads the subadmin's profile, and without one goes to /subadminsignin. */
export const Route = createFileRoute('/subadmin')({
  beforeLoad: guardArea('subadmin'),
  head: () => ({ meta: [{ title: pageTitle('Subadmin') }] }),
  notFoundComponent: () => <NotFound home="/subadmin/dashbord" />,
  component: SubadminLayout,
});

const subadminNav = () => SUBADMIN_NAV;

function SubadminLayout() {
  const me = useSessionWatch('subadmin', Route.useRouteContext().me);
  return (
    <AreaShell me={me} nav={subadminNav} accordion homeTo="/subadmin/dashbord" title={me.companyName || PRODUCT_NAME} footerOwner={me.companyName}>
      <Outlet />
    </AreaShell>
  );
}
