import type { AuditStateViews } from '../../components/history/audit-states.js';
import { ApkStateAsOf } from '../../features/apk/components/apk-state-as-of.js';
import { AuditPage as AuditTrails } from '../../features/audit/routes/audit-page.js';
import { OfflinePackStateAsOf } from '../../features/offline-packs/components/offline-pack-history.js';
import { RecipeStateAsOf } from '../../features/recipes/components/recipe-info.js';

const views: AuditStateViews = {
  recipe: RecipeStateAsOf,
  apk: ApkStateAsOf,
  offlinePack: OfflinePackStateAsOf,
};

/** The audit view, drawing each ended record as of an event in its own feature's detail layout. */
export function AuditPage() {
  return <AuditTrails views={views} />;
}
