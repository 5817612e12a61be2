import { CreatingStore } from '../../features/launch/creating-store.tsx';
import { useParams } from '../../lib/router.tsx';

/** /shopregistration/storetemplate/{storeId}/launchsetting/creatingstore (vendor guard in the route). */
export default function CreatingStorePage() {
  const { storeId = '' } = useParams();
  return <CreatingStore key={storeId} storeId={storeId} />;
}
