import type { H5Group, H5Recipe } from '@kb/contracts';
import { Anchor, Box, Button, Card, Center, Image, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.js';
import { call } from '../../../lib/call.js';
import { h5Language, type H5Lang } from '../rules/h5-language.js';
import { withQueries } from '../../../lib/query-client.js';

/** The H5 address of another shared record, in the same language. */
function h5Href(shareId: string, lang: H5Lang): string {
  return `/h5/index.html?id=${encodeURIComponent(shareId)}&lang=${lang}`;
}

/** A shared record's page: its picture over its name, then what `children` draws in the page's language. */
function H5Article({
  testId,
  pictureUrl,
  name,
  lang,
  children,
}: {
  testId: string;
  pictureUrl: string | null;
  name: string;
  lang: H5Lang;
  children: (t: TFunction) => ReactNode;
}) {
  const { i18n } = useTranslation();
  return (
    <Stack gap="md" data-testid={testId}>
      {pictureUrl && <Image src={pictureUrl} alt={name} radius="md" />}
      <Title order={2} size="h3">
        {name}
      </Title>
      {children(i18n.getFixedT(lang))}
    </Stack>
  );
}

function RecipeView({ recipe, lang }: { recipe: H5Recipe; lang: H5Lang }) {
  return (
    <H5Article testId="h5-recipe" pictureUrl={recipe.pictureUrl} name={recipe.name} lang={lang}>
      {(t) => (
        <>
          {recipe.servings !== null && (
            <Text size="sm" c="dimmed">
              {t('content.h5.servings', { count: recipe.servings })}
            </Text>
          )}
          {recipe.description && <Text>{recipe.description}</Text>}
          {recipe.ingredients.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h4">
                {t('content.h5.ingredients')}
              </Title>
              <List spacing={4} data-testid="h5-ingredients">
                {recipe.ingredients.map((ing, i) => (
                  <List.Item key={i}>
                    {ing.name} ·{' '}
                    {ing.quantity === null ? t('content.h5.toTaste') : `${ing.quantity} ${ing.unit}`.trim()}
                    {ing.description ? ` (${ing.description})` : ''}
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
          {recipe.steps.length > 0 && (
            <Stack gap="sm">
              <Title order={3} size="h4">
                {t('content.h5.steps')}
              </Title>
              {recipe.steps.map((step) => (
                <Stack key={step.number} gap={4} data-testid="h5-step">
                  <Text fw={600} size="sm">
                    {t('content.h5.step', { number: step.number })}
                    {step.minutes ? ` · ${t('content.h5.minutes', { count: step.minutes })}` : ''}
                    {step.seconds ? ` · ${t('content.h5.seconds', { count: step.seconds })}` : ''}
                  </Text>
                  <Text size="sm">{step.description}</Text>
                  {step.pictureUrl && <Image src={step.pictureUrl} alt="" radius="sm" />}
                </Stack>
              ))}
            </Stack>
          )}
        </>
      )}
    </H5Article>
  );
}

function GroupView({ group, lang }: { group: H5Group; lang: H5Lang }) {
  return (
    <H5Article testId="h5-group" pictureUrl={group.coverUrl} name={group.name} lang={lang}>
      {(t) => (
        <>
          {group.description && <Text>{group.description}</Text>}
          <Title order={3} size="h4">
            {t('content.h5.recipes')}
          </Title>
          {group.recipes.map((r) => (
            <Card
              key={r.shareId}
              withBorder
              padding="sm"
              radius="md"
              component="a"
              href={h5Href(r.shareId, lang)}
            >
              {r.pictureUrl && (
                <Card.Section>
                  <Image src={r.pictureUrl} alt={r.name} h={160} fit="cover" />
                </Card.Section>
              )}
              <Text fw={600} mt={r.pictureUrl ? 'xs' : 0} data-testid="h5-group-recipe">
                {r.name}
              </Text>
              {r.description && (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {r.description}
                </Text>
              )}
            </Card>
          ))}
        </>
      )}
    </H5Article>
  );
}

/**
 * The public H5 page (`/h5/index.html?id=<shareId>[&lang=zh|en]`, no login): the released, online recipe or the
 * themed group a banner or a share opens in the app's webview, laid out for a phone and in the phone's language.
 * An unknown share id, or one whose record is no longer shown, says "not found". Its strings in that language come
 * with its code (the router loads them side by side).
 */
function H5PageContent() {
  const { i18n } = useTranslation();
  const search = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const id = typeof search.id === 'string' ? search.id : '';
  const lang = h5Language(search.lang, typeof navigator === 'undefined' ? undefined : navigator.language);
  const t = i18n.getFixedT(lang);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const share = useQuery({
    queryKey: ['h5', id, lang],
    queryFn: ({ signal }) => call.get('/h5/share', { id, lang }, { quiet: true, kind: 'query', signal }),
    enabled: id !== '',
    retry: false,
  });
  const missing = id === '' || (share.error instanceof ApiError && [400, 404].includes(share.error.status));
  let body;
  if (missing)
    body = (
      <Center mih="60vh">
        <Stack align="center" gap="xs" data-testid="h5-not-found">
          <Title order={2} size="h3">
            {t('content.h5.notFoundTitle')}
          </Title>
          <Text c="dimmed" ta="center">
            {t('content.h5.notFoundBody')}
          </Text>
        </Stack>
      </Center>
    );
  else if (share.isError)
    body = (
      <Center mih="60vh">
        <Stack align="center" gap="xs" data-testid="h5-failed">
          <Text>{t('content.h5.loadFailed')}</Text>
          <Button variant="light" onClick={() => void share.refetch()}>
            {t('content.h5.retry')}
          </Button>
        </Stack>
      </Center>
    );
  else if (!share.data)
    body = (
      <Center mih="60vh">
        <Loader size="sm" />
      </Center>
    );
  else if (share.data.kind === 'recipe') body = <RecipeView recipe={share.data} lang={lang} />;
  else body = <GroupView group={share.data} lang={lang} />;
  return (
    <Box maw={480} mx="auto" p="md" data-testid="h5-page" style={{ overflowX: 'hidden' }}>
      {body}
      <Anchor
        href={`/h5/index.html?id=${encodeURIComponent(id)}&lang=${lang === 'zh' ? 'en' : 'zh'}`}
        size="xs"
        c="dimmed"
        mt="lg"
        display="block"
        ta="center"
      >
        {lang === 'zh' ? 'English' : '中文'}
      </Anchor>
    </Box>
  );
}

/** Drawn inside the query cache's provider, which loads with this page (the login page goes without it). */
export const H5Page = withQueries(H5PageContent);
