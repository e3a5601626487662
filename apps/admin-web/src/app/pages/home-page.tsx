import { HomePage as Dashboard } from '../../features/home/routes/home-page.js';
import { PushHealthCard } from '../../features/notices/components/push-health-card.js';

/** Home: the dashboard, with the push health of notices (for the roles that push) under the counts. */
export function HomePage() {
  return <Dashboard cards={<PushHealthCard />} />;
}
