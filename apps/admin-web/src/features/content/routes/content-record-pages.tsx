import type { RecipeLinkingEntityName } from '@kb/contracts';
import { Anchor, Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../components/can.js';
import { DetailView, type DetailItem } from '../../../components/detail-view.js';
import { RecordState } from '../../../components/record-state.js';
import { formatTime } from '../../../lib/format.js';
import { LinkedRecipes } from '../../../components/reference/linked-recipes.js';
import { fileUrl } from '../../../components/reference/record-image.js';
import {
  recordDetailQuery,
  type ReferenceRecord,
  type ReferenceRoute,
} from '../../../components/reference/reference-records.js';
import type { ScreenPath } from '../../../lib/screen.js';
import { useRecordId } from '../../../lib/page-context.js';
import { useBrandLanguages } from '../../../components/reference/brand-languages.js';
import { OnlineBadge, periodText } from '../components/content-fields.js';
import { BANNER_ROUTE } from '../screens/banners.js';
import { GROUP_ROUTE } from '../screens/themed-groups.js';

/** The H5 address a share id opens (what the app's webview loads). */
export function shareUrl(shareId: string): string {
  return `${window.location.origin}/h5/index.html?id=${encodeURIComponent(shareId)}`;
}

function ShareLink({ shareId }: { shareId: string | null }) {
  if (!shareId) return null;
  const url = shareUrl(shareId);
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" size="sm" data-testid="share-link">
      {url}
    </Anchor>
  );
}

/** A content record loaded by the page's `?id=`. */
function WithRecord<R extends RecipeLinkingEntityName>({
  route,
  children,
}: {
  route: ReferenceRoute<R>;
  children: (record: ReferenceRecord<R>) => ReactNode;
}) {
  const id = useRecordId();
  const detail = useQuery({ ...recordDetailQuery(route, id ?? ''), enabled: !!id });
  return (
    <RecordState id={id} query={detail}>
      {children}
    </RecordState>
  );
}

/**
 * A content record's detail page: edit and linked-recipes buttons for those who may edit content, then its name,
 * `fields`, its last change, its H5 link and `picture` (the banner's images, the group's cover).
 */
function ContentDetail<R extends 'ccBanner' | 'specRecipe'>({
  route,
  edit,
  recipes,
  fields,
  picture,
}: {
  route: ReferenceRoute<R>;
  edit: ScreenPath;
  recipes: ScreenPath;
  fields: (record: ReferenceRecord<R>) => DetailItem[];
  picture: (record: ReferenceRecord<R>) => DetailItem;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <WithRecord route={route}>
      {(record) => (
        <Stack gap="md">
          <Can permission="content.edit">
            <Group>
              <Button
                size="xs"
                onClick={() => void navigate({ to: edit, search: { id: record.id } } as never)}
              >
                {t('common.edit')}
              </Button>
              <Button
                size="xs"
                variant="light"
                onClick={() => void navigate({ to: recipes, search: { id: record.id } } as never)}
              >
                {t('content.recipesAction')}
              </Button>
            </Group>
          </Can>
          <DetailView
            items={[
              { label: t('content.fields.name'), value: record.name, testId: 'detail-name' },
              ...fields(record),
              { label: t('reference.fields.updatedAt'), value: formatTime(record.updatedAt) },
              { label: t('content.shareLink'), value: <ShareLink shareId={record.shareId} />, wide: true },
              { ...picture(record), wide: true },
            ]}
          />
        </Stack>
      )}
    </WithRecord>
  );
}

/** §2 /banner/detail?id=…: a banner as the app shows it, with its linked recipes. */
export function BannerDetailPage() {
  const { t } = useTranslation();
  return (
    <ContentDetail
      route={BANNER_ROUTE}
      edit="/banner/edit"
      recipes="/banner/recipe"
      fields={(b) => [
        { label: t('content.fields.identification'), value: b.identification },
        { label: t('content.fields.position'), value: t(`content.positions.${b.position}`) },
        { label: t('content.fields.linkKind'), value: t(`content.linkKinds.${b.linkKind}`) },
        { label: t('content.fields.url'), value: b.url },
        {
          label: t('content.fields.recipeNumbers'),
          value: b.recipeNumbers.join(', '),
          testId: 'detail-recipes',
        },
        { label: t('content.fields.sort'), value: String(b.sort) },
        { label: t('content.fields.onlinePeriod'), value: periodText(b.onlineStart, b.onlineEnd) },
        { label: t('content.fields.online'), value: <OnlineBadge online={b.online} /> },
      ]}
      picture={(b) => ({
        label: t('content.fields.image'),
        value: b.imageFileCodes.map((code) => (
          <Image key={code} src={fileUrl(code)} alt={b.name} maw={360} radius="sm" />
        )),
      })}
    />
  );
}

/** §2 /group-recipe/detail?id=…: a themed group, its descriptions per language and its H5 link. */
export function GroupDetailPage() {
  const { t } = useTranslation();
  const languages = useBrandLanguages() ?? [];
  return (
    <ContentDetail
      route={GROUP_ROUTE}
      edit="/group-recipe/edit"
      recipes="/group-recipe/recipeList"
      fields={(g) => [
        { label: t('content.fields.number'), value: g.number },
        { label: t('content.fields.sort'), value: String(g.sort) },
        { label: t('content.fields.recipeCount'), value: String(g.recipeCount) },
        ...languages.map((l) => ({
          label: t('content.fields.descriptionIn', { lang: l.langName }),
          value: g.descriptions[l.langCode],
          wide: true,
        })),
      ]}
      picture={(g) => ({
        label: t('content.fields.cover'),
        value: g.coverFileCode && <Image src={fileUrl(g.coverFileCode)} alt={g.name} maw={360} radius="sm" />,
      })}
    />
  );
}

function LinkedRecipesPage<R extends RecipeLinkingEntityName>({ route }: { route: ReferenceRoute<R> }) {
  const { t } = useTranslation();
  return (
    <WithRecord route={route}>
      {(record) => (
        <Stack gap="md">
          <Title order={5} data-testid="record-name">
            {record.name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('content.recipesHint')}
          </Text>
          <LinkedRecipes route={route} id={record.id} permission="content.edit" />
        </Stack>
      )}
    </WithRecord>
  );
}

/** §2 /banner/recipe?id=…: the banner's linked recipes, in order. */
export function BannerRecipePage() {
  return <LinkedRecipesPage route={BANNER_ROUTE} />;
}

/** §2 /group-recipe/recipeList?id=…: the themed group's released recipes, in the order the app shows them. */
export function GroupRecipeListPage() {
  return <LinkedRecipesPage route={GROUP_ROUTE} />;
}
