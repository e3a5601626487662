import type {
  AppUserDeviceRow,
  AppUserFavouriteRow,
  AppUserReviewRow,
  CookingSessionRow,
  SearchRecordRow,
} from '@kb/contracts';
import { Badge, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { timeColumn } from '../../../components/record-columns.js';
import { workModeLabel } from '../../../lib/labels.js';
import { currentLanguage } from '../../../lib/language.js';
import { AnchorLink } from '../../../components/anchor-link.js';
import { DetailView } from '../../../components/detail-view.js';
import { RecordState } from '../../../components/record-state.js';
import { useRecordId } from '../../../lib/page-context.js';
import type { AppUserDetail } from '@kb/contracts';
import { appUserDetailQuery, appUserPart } from '../api/app-users.js';
import { userSearches } from '../api/search-records.js';
import { PagedSection } from '../components/paged-section.js';
import { RegisteredBadge, regionLabel, StatusBadge } from '../components/user-cells.js';
import { formatTime } from '../../../lib/format.js';

const recipeLink = (r: { recipeId: string; recipeNumber: string; recipeName: string }) => (
  <AnchorLink size="sm" to="/recipe-detail" search={{ id: r.recipeId }}>
    {r.recipeNumber ? `${r.recipeNumber} · ${r.recipeName}` : r.recipeId}
  </AnchorLink>
);

/** §2 /user-detail: the app user, then their devices, favourites, cooking history, reviews and searches, each paged. */
export function UserDetailPage() {
  const id = useRecordId() ?? '';
  const user = useQuery({ ...appUserDetailQuery(id), enabled: !!id });
  return (
    <RecordState id={id || undefined} query={user} title={(u) => u.number}>
      {(u) => <UserDetail u={u} />}
    </RecordState>
  );
}

function UserDetail({ u }: { u: AppUserDetail }) {
  const { t } = useTranslation();
  const id = u.id;
  return (
    <Stack gap="md">
      <DetailView
        columns={3}
        items={[
          { label: t('users.fields.number'), value: u.number, testId: 'user-number' },
          { label: t('users.fields.account'), value: u.account, testId: 'user-account' },
          { label: t('users.fields.nickname'), value: u.nickname },
          { label: t('users.fields.region'), value: regionLabel(u) },
          { label: t('users.fields.gender'), value: u.gender ? t(`users.gender.${u.gender}`) : null },
          { label: t('users.fields.age'), value: u.age },
          { label: t('users.fields.status'), value: <StatusBadge status={u.status} /> },
          { label: t('users.fields.registered'), value: <RegisteredBadge registered={u.registered} /> },
          { label: t('users.fields.registeredAt'), value: formatTime(u.registeredAt) },
          { label: t('users.fields.favouriteCount'), value: u.favouriteCount, testId: 'user-favourites' },
          { label: t('users.fields.cookCount'), value: u.cookCount, testId: 'user-cooks' },
          { label: t('users.fields.deviceCount'), value: u.deviceCount },
        ]}
      />
      <PagedSection<AppUserDeviceRow>
        title={t('users.detail.devices')}
        testId="user-devices"
        idAccessor="id"
        {...appUserPart<AppUserDeviceRow>(id, 'devices')}
        columns={[
          {
            accessor: 'sn',
            title: t('users.device.sn'),
            render: (d) => (
              <AnchorLink size="sm" to="/device-info-detail" search={{ id: d.id }}>
                {d.sn}
              </AnchorLink>
            ),
          },
          { accessor: 'productCode', title: t('users.device.product') },
          { accessor: 'subModel', title: t('users.device.subModel') },
          {
            accessor: 'online',
            title: t('users.device.online'),
            render: (d) => (
              <Badge color={d.online ? 'green' : 'gray'} variant="light">
                {t(d.online ? 'users.online.yes' : 'users.online.no')}
              </Badge>
            ),
          },
          timeColumn('activatedAt', t('users.device.activatedAt')),
        ]}
      />
      <PagedSection<AppUserFavouriteRow>
        title={t('users.detail.favourites')}
        testId="user-favourite-list"
        idAccessor="recipeId"
        {...appUserPart<AppUserFavouriteRow>(id, 'favourites')}
        columns={[
          { accessor: 'recipeNumber', title: t('users.recipe.name'), render: recipeLink },
          timeColumn('favouredAt', t('users.recipe.favouredAt')),
        ]}
      />
      <PagedSection<CookingSessionRow>
        title={t('users.detail.cooking')}
        testId="user-cooking"
        idAccessor="id"
        {...appUserPart<CookingSessionRow>(id, 'cooking')}
        columns={[
          { accessor: 'recipeNumber', title: t('users.recipe.name'), render: recipeLink },
          { accessor: 'recipeVersion', title: t('users.cooking.version') },
          { accessor: 'sn', title: t('users.device.sn') },
          {
            accessor: 'mode',
            title: t('users.cooking.mode'),
            render: (s) => workModeLabel(s.mode, currentLanguage()),
          },
          timeColumn('startedAt', t('users.cooking.startedAt')),
          timeColumn('endedAt', t('users.cooking.endedAt')),
          {
            accessor: 'outcome',
            title: t('users.cooking.outcome'),
            render: (s) => (
              <Badge color={s.outcome === 'completed' ? 'green' : 'orange'} variant="light">
                {t(`users.cooking.${s.outcome}`)}
              </Badge>
            ),
          },
        ]}
      />
      <PagedSection<AppUserReviewRow>
        title={t('users.detail.reviews')}
        testId="user-reviews"
        idAccessor="id"
        {...appUserPart<AppUserReviewRow>(id, 'reviews')}
        columns={[
          { accessor: 'recipeNumber', title: t('users.recipe.name'), render: recipeLink },
          { accessor: 'score', title: t('users.review.score'), render: (r) => '★'.repeat(r.score) },
          { accessor: 'content', title: t('users.review.content') },
          timeColumn('evaluatedAt', t('users.review.time')),
        ]}
      />
      <PagedSection<SearchRecordRow>
        title={t('users.detail.searches')}
        testId="user-searches"
        idAccessor="id"
        {...userSearches(id)}
        columns={[
          { accessor: 'terms', title: t('users.search.terms') },
          { accessor: 'lang', title: t('users.search.lang') },
          { accessor: 'resultCount', title: t('users.search.resultCount') },
          timeColumn('searchedAt', t('users.search.time')),
        ]}
      />
    </Stack>
  );
}
