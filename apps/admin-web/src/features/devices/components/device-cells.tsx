import { Badge, Button, Code, Modal, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { translateKey } from '../../../lib/translate.js';

export function formatTime(iso: string | null | undefined, withSeconds = false): string {
  return iso ? dayjs(iso).format(withSeconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm') : '';
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD') : '';
}

/** Network state (§3: online or offline) as a coloured badge. */
export function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="dot"
      color={online ? 'green' : 'gray'}
      data-testid="device-online"
      data-online={online ? 'true' : 'false'}
    >
      {online ? t('devices.status.online') : t('devices.status.offline')}
    </Badge>
  );
}

/** The online/offline choices of a filter (sent as `true`/`false`). */
export function useOnlineOptions() {
  const { t } = useTranslation();
  return [
    { value: 'true', label: t('devices.status.online') },
    { value: 'false', label: t('devices.status.offline') },
  ];
}

/** A fault type: a known code by its name in the user's language, any other code as the device sent it. */
export function faultTypeLabel(type: string): string {
  return translateKey(`devices.faultTypes.${type}`) ?? type;
}

/** "View log": the whole error log, as the device sent it, in a monospace block. */
export function ErrorLogButton({ sn, log }: { sn: string; log: string }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size="xs" variant="subtle" onClick={open} data-testid="fault-view-log">
        {t('devices.faults.viewLog')}
      </Button>
      <Modal opened={opened} onClose={close} size="xl" title={t('devices.faults.logTitle', { sn })}>
        <ScrollArea.Autosize mah="70vh">
          <Code block data-testid="fault-log" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {log}
          </Code>
        </ScrollArea.Autosize>
      </Modal>
    </>
  );
}
