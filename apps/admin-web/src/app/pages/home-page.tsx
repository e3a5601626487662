import { HomePage as Dashboard } from '../../features/home/routes/home-page.js';
import { PausedRolloutsNotice } from '../../features/apk/components/paused-rollouts-notice.js';
import { PushHealthCard } from '../../features/notices/components/push-health-card.js';

/**
 * Home: the dashboard, with the paused rollouts of APK packages above the counts and the push health of notices
 * (for the roles that push) under them.
 */
export function HomePage() {
  return <Dashboard notices={<PausedRolloutsNotice />} cards={<PushHealthCard />} />;
}
