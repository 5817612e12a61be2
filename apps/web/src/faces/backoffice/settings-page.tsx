import { NoShop } from '../../components/ui/no-shop.tsx';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { SettingsView } from '../../features/shop-settings/settings-view.tsx';
import { useSelectedShop } from '../../lib/selected-shop.tsx';

/** /settings/ on the admin host, inside the back-office layout: the selected shop's settings. */
export default function SettingsPage() {
  useDocumentTitle('Settings · Admin Panel');
  const { shop, loading } = useSelectedShop();
  if (!shop) return loading ? <PageLoading /> : <NoShop />;
  return <SettingsView shop={shop} />;
}

export { SettingsPage };
