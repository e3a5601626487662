import '@mantine/spotlight/styles.layer.css';
import type { SearchHit, SearchKind } from '@kb/contracts';
import { Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/call.js';
import { usePermissions } from '../../lib/use-can.js';
import { SCREENS, screenFor } from '../screens.js';

/** The screen each kind of record opens on (its id in `?id=`). */
const RECORD_SCREENS: Record<SearchKind, string> = {
  recipe: '/recipe-detail',
  apk: '/apk-detail',
  offlinePack: '/offline-recipes-edit',
  device: '/device-info-detail',
  appUser: '/user-detail',
  notice: '/inform-detail',
};

const [store, palette] = createSpotlight();

/**
 * Ctrl/⌘+K: go to any screen the user may open, or find a record of the brand (`GET /api/search`). Loaded the
 * first time it is asked for; `opened` comes from the keyboard handler of the layout.
 */
export function CommandPalette({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [text] = useDebouncedValue(query.trim(), 200);

  useEffect(() => {
    if (opened) palette.open();
  }, [opened]);

  const allowed = (path: string) => {
    const permission = screenFor(path)?.permission;
    return !permission || can(permission);
  };
  const screens = useMemo(
    () =>
      SCREENS.filter((s) => !s.record && s.path !== '/no-permission' && allowed(s.path)).map((s) => ({
        path: s.path,
        title: t(`routes.${s.title}`),
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, can],
  );
  const needle = query.trim().toLowerCase();
  const matchingScreens = needle
    ? screens.filter((s) => s.title.toLowerCase().includes(needle) || s.path.includes(needle))
    : screens;

  const found = useQuery({
    queryKey: ['search', text],
    queryFn: ({ signal }) => call.get('/search', { q: text }, { signal, quiet: true }),
    enabled: opened && text.length > 0,
    staleTime: 10_000,
  });
  const hits = (found.data?.hits ?? []).filter((h) => allowed(RECORD_SCREENS[h.kind]));

  const go = (to: string, id?: string) =>
    void navigate({ to: to as never, search: (id ? { id } : {}) as never });
  const hitLabel = (h: SearchHit) => `${t(`layout.paletteKinds.${h.kind}`)} · ${h.title}`;

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      onSpotlightClose={onClose}
      scrollable
      maxHeight={420}
      title={t('layout.palette')}
    >
      <Spotlight.Search
        placeholder={t('layout.paletteSearch')}
        aria-label={t('layout.paletteSearch')}
        leftSection={<IconSearch size={18} />}
        rightSection={found.isFetching ? <Loader size="xs" /> : null}
        data-testid="palette-search"
      />
      <Spotlight.ActionsList>
        {matchingScreens.length > 0 && (
          <Spotlight.ActionsGroup label={t('layout.paletteScreens')}>
            {matchingScreens.slice(0, 8).map((s) => (
              <Spotlight.Action
                key={s.path}
                label={s.title}
                description={s.path}
                data-testid={`palette-screen-${s.path.slice(1)}`}
                onClick={() => go(s.path)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {hits.length > 0 && (
          <Spotlight.ActionsGroup label={t('layout.paletteRecords')}>
            {hits.map((h) => (
              <Spotlight.Action
                key={`${h.kind}-${h.id}`}
                label={hitLabel(h)}
                description={h.detail ?? undefined}
                data-testid={`palette-hit-${h.kind}`}
                onClick={() => go(RECORD_SCREENS[h.kind], h.id)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {matchingScreens.length === 0 && hits.length === 0 && !found.isFetching && (
          <Spotlight.Empty>
            <Text size="sm">{t('layout.paletteNothing')}</Text>
          </Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
