import { Group, NativeSelect, Pagination, Text, TextInput } from '@mantine/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deepestJump } from '@kb/contracts';
import { jumpTarget, pageAfterSizeChange, PAGER_SIZES, pagerPages, shownTotal } from './pager-logic.js';

export interface PagerProps {
  total: number;
  /**
   * False when the list counted its rows only up to LIST_COUNT_EXACT_UP_TO: the pager then says "10,000+", pages by
   * `total`, the server's estimate, and offers page numbers only as deep as the list reads them (pagerPages).
   */
  totalExact?: boolean;
  /** With `totalExact` false: how far the list counted exactly, when less than LIST_COUNT_EXACT_UP_TO ("1,000+"). */
  exactUpTo?: number;
  pageNum: number;
  pageSize: number;
  onChange: (pageNum: number, pageSize: number) => void;
  disabled?: boolean;
}

/**
 * The §9 pager, laid out as total, sizes, prev, pager, next, jumper; every text in the user's language. Drawn again
 * only when its props change (its list passes one `onChange` for good).
 */
export const Pager = memo(function Pager({
  total,
  totalExact = true,
  exactUpTo,
  pageNum,
  pageSize,
  onChange,
  disabled,
}: PagerProps) {
  const { t, i18n } = useTranslation();
  const [jump, setJump] = useState('');
  const pages = pagerPages(total, totalExact, pageSize, pageNum);
  const go = () => {
    const target = jumpTarget(jump, total, pageSize, pages);
    setJump('');
    if (target !== null && target !== pageNum) onChange(target, pageSize);
  };
  return (
    <Group gap="sm" justify="flex-end" wrap="wrap" data-testid="pager">
      <Text size="sm" c="dimmed" data-testid="pager-total">
        {t('components.pagerTotal', { total: shownTotal(total, totalExact, i18n.language, exactUpTo) })}
      </Text>
      <NativeSelect
        size="xs"
        aria-label={t('components.pagerPageSize')}
        value={String(pageSize)}
        disabled={disabled}
        onChange={(e) => {
          const size = Number(e.currentTarget.value);
          const page = pageAfterSizeChange(pageNum, pageSize, size, total);
          // An estimated list reads a new size's page by its number: no deeper than it reads by number.
          onChange(totalExact ? page : Math.min(page, deepestJump(size)), size);
        }}
        data={PAGER_SIZES.map((size) => ({
          value: String(size),
          label: t('components.pagerSize', { size }),
        }))}
        data-testid="pager-size"
      />
      <Pagination
        size="sm"
        total={pages}
        value={Math.min(pageNum, pages)}
        onChange={(page) => onChange(page, pageSize)}
        disabled={disabled}
        getControlProps={(control) =>
          control === 'previous'
            ? { 'aria-label': t('components.pagerPrevious') }
            : control === 'next'
              ? { 'aria-label': t('components.pagerNext') }
              : {}
        }
        getItemProps={(page) => ({ 'aria-label': t('components.pagerPage', { page }) })}
      />
      <Group gap={6} wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('components.pagerGoTo')}
        </Text>
        <TextInput
          size="xs"
          w={56}
          inputMode="numeric"
          aria-label={t('components.pagerJump')}
          value={jump}
          disabled={disabled}
          onChange={(e) => setJump(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') go();
          }}
          onBlur={() => jump && go()}
          data-testid="pager-jump"
        />
        {t('components.pagerPageUnit') && (
          <Text size="sm" c="dimmed">
            {t('components.pagerPageUnit')}
          </Text>
        )}
      </Group>
    </Group>
  );
});
