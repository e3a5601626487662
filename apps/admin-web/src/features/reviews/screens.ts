import { childScreen, page, screen } from '../../lib/screen.js';

/** A recipe's reviews (under recipe management). */
export const reviewScreens = [
  screen('/user-evaluation-list', 'userEvaluationList', {
    menu: { group: 'recipes', order: 80 },
    page: page(() => import('./routes/user-evaluation-list-page.js'), 'UserEvaluationListPage'),
  }),
  childScreen('/user-evaluation-add', 'userEvaluationAdd', '/user-evaluation-list', {
    permission: 'review.add',
    page: page(() => import('./routes/user-evaluation-add-page.js'), 'UserEvaluationAddPage'),
  }),
];
