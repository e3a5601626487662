import type { StaffChange, StaffRole, StaffRow } from '@kb/contracts';
import { Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { staffChangesQuery } from '../api/staff-accounts.js';
import { TableHead } from '../../../components/record-columns.js';

function detail(t: TFunction, c: StaffChange): string {
  const role = (r: StaffRole | null) => (r ? t(`roles.${r}`) : '');
  if (c.action === 'invited' || c.action === 'created')
    return t('staff.change.initial', { role: role(c.roleAfter), name: c.nameAfter ?? '' });
  const lines: string[] = [];
  if (c.roleAfter)
    lines.push(t('staff.change.role', { before: role(c.roleBefore), after: role(c.roleAfter) }));
  if (c.nameAfter) lines.push(t('staff.change.name', { before: c.nameBefore ?? '', after: c.nameAfter }));
  return lines.join('; ');
}

/** An account's audit trail: who invited, changed, disabled or enabled it, and when. */
export function StaffChangesModal({ staff, onClose }: { staff: StaffRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const changes = useQuery({ ...staffChangesQuery(staff?.id ?? ''), enabled: !!staff });
  const rows = changes.data?.list ?? [];
  return (
    <Modal
      opened={!!staff}
      onClose={onClose}
      size="lg"
      title={t('staff.changesTitle', { account: staff?.account ?? '' })}
      data-testid="staff-changes"
    >
      {changes.isSuccess && !rows.length ? (
        <Text c="dimmed">{t('staff.noChanges')}</Text>
      ) : (
        <Table striped>
          <TableHead columns={[t('staff.time'), t('staff.action'), t('staff.actor'), t('staff.detail')]} />
          <Table.Tbody>
            {rows.map((c, i) => (
              <Table.Tr key={i} data-testid="staff-change">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {dayjs(c.occurredAt).format('YYYY-MM-DD HH:mm:ss')}
                </Table.Td>
                <Table.Td>{t(`staff.actions.${c.action}`)}</Table.Td>
                <Table.Td>{c.actor === 'operator' ? t('staff.operator') : c.actor}</Table.Td>
                <Table.Td>{detail(t, c)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
