import type { OfflinePackBuild, OfflinePackListItem } from '@kb/contracts';
import { Anchor, Badge, Button, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconPackage } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildOfflinePack } from '../api/offline-pack-commands.js';
import { buildIsActive, offlinePackBuildQuery, offlinePackDownloadUrl } from '../api/offline-pack-detail.js';
import { OFFLINE_PACKS_KEY } from '../api/offline-pack-read-position.js';
import { useCan } from '../../../lib/use-can.js';
import { canBuild } from '../rules/offline-pack-actions.js';
import { formatSize } from '../../../lib/format.js';

const COLORS: Record<OfflinePackBuild['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/**
 * A pack's file: its build's status, a progress bar while it waits or runs (asked again every second), the error
 * of a failed one, the download of a finished one, and the button that (re)builds it.
 */
export function BuildStatus({
  pack,
  detailed = false,
}: {
  pack: Pick<OfflinePackListItem, 'id' | 'releaseStatus' | 'build'>;
  /** The edit page shows size and checksum too. */
  detailed?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayBuild = useCan('offlinePack.build');
  const [started, setStarted] = useState<OfflinePackBuild | null>(null);
  const initial = started ?? pack.build;
  const { data: build } = useQuery(offlinePackBuildQuery(pack.id, initial));
  const [pending, setPending] = useState(false);
  const wasActive = useRef(buildIsActive(build));
  useEffect(() => {
    // A build that just finished changes what the list and the detail show (publishing needs it).
    if (wasActive.current && !buildIsActive(build))
      void queryClient.invalidateQueries({ queryKey: [...OFFLINE_PACKS_KEY, 'detail', pack.id] });
    wasActive.current = buildIsActive(build);
  }, [build, pack.id, queryClient]);

  const start = async () => {
    setPending(true);
    try {
      setStarted(await buildOfflinePack(pack.id));
    } catch {
      // buildOfflinePack has shown the refusal.
    } finally {
      setPending(false);
    }
  };

  const active = buildIsActive(build);
  const stale = build?.status === 'done' && !build.current;
  const buildable = canBuild(pack) && !active && mayBuild;
  return (
    <Stack gap={4} miw={180} data-testid="pack-build" data-status={build?.status ?? 'none'}>
      <Group gap={6} wrap="nowrap">
        <Badge color={build ? COLORS[build.status] : 'gray'} variant="light" data-testid="pack-build-status">
          {build ? t(`offlinePacks.build.${build.status}`) : t('offlinePacks.build.none')}
        </Badge>
        {build?.status === 'done' && (
          <Anchor
            size="sm"
            href={offlinePackDownloadUrl(pack.id)}
            download={build.fileName ?? true}
            data-testid="pack-download"
          >
            <Group gap={2} wrap="nowrap">
              <IconDownload size={14} />
              {t('offlinePacks.build.download')}
            </Group>
          </Anchor>
        )}
      </Group>
      {active && build && (
        <Tooltip label={t('offlinePacks.build.progress', { progress: build.progress })}>
          <Progress
            value={Math.max(build.progress, 3)}
            animated
            striped
            size="md"
            aria-label={t('offlinePacks.build.progress', { progress: build.progress })}
            data-testid="pack-build-progress"
            data-progress={build.progress}
          />
        </Tooltip>
      )}
      {build?.status === 'failed' && build.error && (
        <Text size="xs" c="red" data-testid="pack-build-error">
          {build.error}
        </Text>
      )}
      {stale && (
        <Text size="xs" c="orange" data-testid="pack-build-stale">
          {t('offlinePacks.build.stale')}
        </Text>
      )}
      {detailed && build?.status === 'done' && (
        <>
          <Text size="xs" c="dimmed" data-testid="pack-build-size">
            {t('offlinePacks.build.size', { size: formatSize(build.size) })}
          </Text>
          <Text
            size="xs"
            c="dimmed"
            ff="monospace"
            style={{ wordBreak: 'break-all' }}
            data-testid="pack-build-sha"
          >
            {t('offlinePacks.build.checksum', { sha256: build.sha256 ?? '' })}
          </Text>
        </>
      )}
      {buildable && (
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPackage size={12} />}
          loading={pending}
          onClick={() => void start()}
          data-testid="pack-build-start"
          w="fit-content"
        >
          {!build
            ? t('offlinePacks.build.build')
            : build.status === 'failed'
              ? t('offlinePacks.build.retry')
              : t('offlinePacks.build.rebuild')}
        </Button>
      )}
    </Stack>
  );
}
