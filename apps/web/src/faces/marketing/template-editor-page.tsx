import { TemplateEditor } from '../../features/template-editor/template-editor.tsx';
import { useParams } from '../../lib/router.tsx';

/** /shopregistration/storetemplate/{storeId}: the template editor (vendor guard in the route). */
export default function TemplateEditorPage() {
  const { storeId = '' } = useParams();
  return <TemplateEditor key={storeId} storeId={storeId} />;
}
