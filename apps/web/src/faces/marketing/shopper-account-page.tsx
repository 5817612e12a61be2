import { useDocumentTitle } from '../../components/ui/use-document-title.ts';
import { ProfilePage } from '../../features/accounts/profile-page.tsx';
import { AccountExtras } from '../../features/haat-account/index.ts';
import { useSession } from '../../lib/session/session-context.tsx';

/**
 * /account on the marketplace (decision 0036), a lazy route: the shopper's Haat account signed in on the marketplace
 * itself: name, phone and password, the addresses and wishlist kept at every shop, the shops holding their data and
 * deleting the account.
 */
export default function ShopperAccountPage() {
  useDocumentTitle('Your account');
  const { session } = useSession();
  return (
    <ProfilePage
      title="Your account"
      lead={`Signed in to Haat as ${session?.email ?? ''}: one account for every Haat shop.`}
    >
      <AccountExtras />
    </ProfilePage>
  );
}
