import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DetailTabs } from '../../../components/detail-tabs.js';
import { offlinePackDetailQuery } from '../api/offline-pack-detail.js';
import { OFFLINE_PACKS_KEY } from '../api/offline-pack-read-position.js';
import { BuildStatus } from '../components/build-status.js';
import { ReleaseBadge, TestBadge } from '../components/offline-pack-cells.js';
import { emptyOfflinePackValues, OfflinePackForm } from '../components/offline-pack-form.js';
import { OfflinePackHistory } from '../components/offline-pack-history.js';
import { RecordState, useRevisionReload } from '../../../components/record-state.js';
import { useRecordId } from '../../../lib/page-context.js';
import { OfflinePackRowActions } from '../components/offline-pack-row-actions.js';

/** §2 /offline-recipes-add: a new pack; saved, the user goes to its edit page to build and publish it. */
export function OfflinePackAddPage() {
  const navigate = useNavigate();
  return (
    <OfflinePackForm
      initial={emptyOfflinePackValues()}
      initialRecipes={[]}
      onSaved={(answer) => void navigate({ to: '/offline-recipes-edit', search: { id: answer.id } })}
    />
  );
}

/**
 * §2 /offline-recipes-edit?id=…: the pack's file (build, progress, download), its publish actions, its content
 * (editable while not online, saved over the revision loaded) and the History tab for auditors.
 */
export function OfflinePackEditPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useRecordId();
  const detail = useQuery({ ...offlinePackDetailQuery(id ?? ''), enabled: !!id });
  const { generation, reload } = useRevisionReload(detail.refetch);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: OFFLINE_PACKS_KEY });
  return (
    <RecordState id={id} query={detail}>
      {(pack) => (
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Text fw={600} data-testid="pack-title">
                  {pack.number}
                </Text>
                <Group gap="xs">
                  <TestBadge status={pack.testStatus} />
                  <ReleaseBadge status={pack.releaseStatus} />
                </Group>
                <OfflinePackRowActions pack={pack} onChanged={refresh} exclude={['edit', 'delete']} />
              </Stack>
              <BuildStatus pack={pack} detailed />
            </Group>
          </Paper>
          <DetailTabs
            tabs={[
              {
                value: 'content',
                label: t('offlinePacks.form.content'),
                testId: 'tab-content',
                panel:
                  pack.releaseStatus === 'online' ? (
                    <Alert color="orange" icon={<IconAlertCircle />} data-testid="not-editable">
                      {t('offlinePacks.form.notEditable')}
                    </Alert>
                  ) : (
                    <OfflinePackForm
                      key={`${pack.revision}-${generation}`}
                      initial={{
                        number: pack.content.number,
                        type: pack.content.type,
                        productCode: pack.content.productCode || null,
                        subBrandCode: pack.content.subBrandCode || null,
                        recipeIds: pack.content.recipeIds,
                      }}
                      initialRecipes={pack.recipes}
                      record={{ id: pack.id, revision: pack.revision }}
                      onReload={() => void reload(pack.revision)}
                      onSaved={() => void reload()}
                    />
                  ),
              },
              {
                value: 'history',
                label: t('offlinePacks.form.history'),
                testId: 'tab-history',
                panel: <OfflinePackHistory id={pack.id} />,
              },
            ]}
          />
        </Stack>
      )}
    </RecordState>
  );
}
