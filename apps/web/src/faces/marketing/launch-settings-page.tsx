import { LaunchSettings } from '../../features/launch/launch-settings.tsx';
import { useParams } from '../../lib/router.tsx';

/** /shopregistration/storetemplate/{storeId}/launchsetting (vendor guard in the route). */
export default function LaunchSettingsPage() {
  const { storeId = '' } = useParams();
  return <LaunchSettings key={storeId} storeId={storeId} />;
}
