import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { PageLoading } from '../../features/backoffice-shell/admin-layout.tsx';
import { NoShop } from '../../features/backoffice-shell/no-shop.tsx';
import { useSelectedShop } from '../../features/backoffice-shell/selected-shop.tsx';
import { SettingsView } from '../../features/shop-settings/settings-view.tsx';

/** /settings/ on the admin host, inside the back-office layout: the selected shop's settings. */
export default function SettingsPage() {
  useDocumentTitle('Settings · Admin Panel');
  const { shop, loading } = useSelectedShop();
  if (!shop) return loading ? <PageLoading /> : <NoShop />;
  return <SettingsView shop={shop} />;
}

export { SettingsPage };
