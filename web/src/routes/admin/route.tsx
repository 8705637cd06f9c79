import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guardArea } from '../../components/auth/session';
import { useSessionWatch } from '../../components/auth/useSessionWatch';
import { ADMIN_NAV } from '../../components/layout/adminNav';
import { AreaShell } from '../../components/layout/AreaShell';
import { NotFound } from '../../components/layout/NotFound';
import { PRODUCT_NAME, pageTitle } from '../../components/layout/brand';

export const Route = createFileRoute('/admin')({
  beforeLoad: guardArea('admin'),
  head: () => ({ meta: [{ title: pageTitle('Admin') }] }),
  notFoundComponent: () => <NotFound home="/admin" />,
  component: AdminLayout,
});

const adminNav = () => ADMIN_NAV;

function AdminLayout() {
  const me = useSessionWatch('admin', Route.useRouteContext().me);
  return (
    <AreaShell me={me} nav={adminNav} homeTo="/admin" title={PRODUCT_NAME}>
      <Outlet />
    </AreaShell>
  );
}
