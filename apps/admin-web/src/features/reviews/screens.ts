import { listScreens, page } from '../../lib/screen.js';

/** A recipe's reviews (under recipe management). */
export const reviewScreens = listScreens(
  '/user-evaluation-*',
  'userEvaluation',
  { menu: { group: 'recipes', order: 80 }, permission: 'review.add' },
  {
    list: page(() => import('./routes/user-evaluation-list-page.js'), 'UserEvaluationListPage'),
    add: page(() => import('./routes/user-evaluation-add-page.js'), 'UserEvaluationAddPage'),
  },
);
