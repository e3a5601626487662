import { Badge, Button, Code, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { countryLabel, workModeLabel } from '../../../lib/labels.js';
import { currentLanguage } from '../../../lib/language.js';
import { translateKey } from '../../../lib/translate.js';

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

/**
 * A fault type: by the brand's own name of the code (`brandNames`, from `useFaultTypeNames`), else a known type by
 * its built-in name, both in the user's language; any other code as the device sent it.
 */
export function faultTypeLabel(type: string, brandNames?: Map<string, string>): string {
  return brandNames?.get(type) || (translateKey(`devices.faultTypes.${type}`) ?? type);
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

/** A network type the device reports (`wifi`, `ethernet`, `cellular`) in the user's language. */
export function networkLabel(network: string | null | undefined): string {
  return network ? (translateKey(`devices.network.${network}`) ?? network) : '';
}

/** What a device reports it is doing: a state of its own (idle) or a §9 work mode, by name in the user's language. */
export function deviceModeLabel(mode: string | null | undefined): string {
  if (!mode) return '';
  return translateKey(`devices.deviceStates.${mode}`) ?? workModeLabel(mode, currentLanguage());
}

/** The country of a fault, by its name in the user's language. */
export function faultCountryLabel(country: string | null | undefined): string {
  return countryLabel(country, currentLanguage());
}

/**
 * A telemetry sample's extra readings, one per line: known readings by their name and unit in the user's
 * language ("温度 96 °C"), any other as `name: value` as the device sent it.
 */
export function TelemetryExtra({ extra }: { extra: Record<string, unknown> }) {
  const { t } = useTranslation();
  const entries = Object.entries(extra);
  if (!entries.length) return <>{t('common.empty')}</>;
  return (
    <Stack gap={0} data-testid="telemetry-extra">
      {entries.map(([key, value]) => {
        const shown = typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value);
        return (
          <Text key={key} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {translateKey(`devices.extra.${key}`, { value: shown }) ?? `${key}: ${String(shown)}`}
          </Text>
        );
      })}
    </Stack>
  );
}
