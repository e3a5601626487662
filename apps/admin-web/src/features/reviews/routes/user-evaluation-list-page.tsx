import type { RecipeEvaluation } from '@kb/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/add-button.js';
import { ListPage } from '../../../components/list-page.js';
import { reviewList, useDeleteReviews, type ReviewFilter } from '../api/reviews.js';
import { ScoreStars } from '../components/score-stars.js';
import { batchDeleteAction } from '../../../components/delete-actions.js';
import { deleteColumn, linkColumn, timeColumn } from '../../../components/record-columns.js';

/** §2 /user-evaluation-list: app users' reviews of the brand's recipes. */
export function UserEvaluationListPage() {
  const { t } = useTranslation();
  const remove = useDeleteReviews();
  return (
    <ListPage<RecipeEvaluation, ReviewFilter>
      {...reviewList}
      filters={[
        { name: 'recipe', label: t('reviews.fields.recipe'), kind: 'text' },
        { name: 'sn', label: t('reviews.fields.sn'), kind: 'text' },
        { name: 'user', label: t('reviews.fields.user'), kind: 'text' },
        {
          name: 'score',
          label: t('reviews.fields.score'),
          kind: 'select',
          options: [5, 4, 3, 2, 1].map((n) => ({
            value: String(n),
            label: t('reviews.stars', { count: n }),
          })),
        },
        { name: 'date', label: t('reviews.fields.date'), kind: 'date-range' },
      ]}
      idAccessor="id"
      columns={[
        linkColumn('recipeNumber', t('reviews.fields.recipeNumber'), '/recipe-detail', {
          id: (r) => r.recipeId,
          testId: 'review-recipe',
        }),
        { accessor: 'recipeName', title: t('reviews.fields.recipeName') },
        { accessor: 'sn', title: t('reviews.fields.sn') },
        {
          accessor: 'userAccount',
          title: t('reviews.fields.user'),
          render: (r) => (
            <>
              <Text size="sm">{r.userNickname || r.userAccount}</Text>
              {r.userNickname && (
                <Text size="xs" c="dimmed">
                  {r.userAccount}
                </Text>
              )}
            </>
          ),
        },
        {
          accessor: 'score',
          title: t('reviews.fields.score'),
          render: (r) => <ScoreStars score={r.score} />,
        },
        { accessor: 'content', title: t('reviews.fields.content'), width: 320 },
        timeColumn('evaluatedAt', t('reviews.fields.time')),
        deleteColumn(t, 'review.edit', remove.mutateAsync),
      ]}
      batchActions={[batchDeleteAction(t, 'review.edit', remove.mutateAsync)]}
      toolbar={<AddButton permission="review.add" to="/user-evaluation-add" label={t('reviews.add')} />}
    />
  );
}
