import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { SettingsView } from '../../features/shop-settings/settings-view.tsx';
import { StaffCard } from '../../features/staff/index.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { useShopRole } from '../../lib/shop-role.ts';

/** /settings/ on the admin host, inside the back-office layout: the selected shop's settings. */
export default function SettingsPage() {
  useDocumentTitle('Settings · Admin Panel');
  const { shop, loading } = useSelectedShop();
  const role = useShopRole();
  if (!shop) return loading ? <PageLoading /> : <NoShop />;
  return (
    <>
      <SettingsView shop={shop} />
      {role === 'OWNER' ? (
        <div className="mx-auto max-w-5xl px-4 pb-8 sm:px-6 lg:px-8">
          <StaffCard />
        </div>
      ) : null}
    </>
  );
}

export { SettingsPage };
