import { ActionIcon, CloseButton, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseSearch } from '../../lib/search-params.js';
import { screenFor } from '../screens.js';
import {
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  dirtyTabsClosedBy,
  groupScrollTarget,
  HOME_PATH,
  revealScrollTarget,
  type Tab,
} from '../tabs/tab-bar.js';
import { tabStore, useTabBar } from '../tabs/tab-store.js';
import classes from './layout.module.css';

type CloseAction =
  { kind: 'close'; key: string } | { kind: 'closeOthers'; key: string } | { kind: 'closeAll' };

export function useTabTitle() {
  const { t } = useTranslation();
  return (tab: Pick<Tab, 'key' | 'path' | 'label'>) => {
    const screen = screenFor(tab.path);
    const title = screen ? t(`routes.${screen.title}`) : tab.path;
    const id = parseSearch(tab.key.slice(tab.path.length)).id;
    // The record's number or name once its page has loaded it; the id only until then.
    const record = tab.label ?? id;
    return typeof record === 'string' && record ? t('tabs.record', { title, id: record }) : title;
  };
}

function DiscardBody({ titles }: { titles: string[] }) {
  const { t } = useTranslation();
  return (
    <Text size="sm">
      {titles.length === 1
        ? t('tabs.closeDirtyBody', { title: titles[0] })
        : t('tabs.closeManyDirtyBody', { count: titles.length })}
    </Text>
  );
}

function confirmDiscard(titles: string[], labels: { title: string; confirm: string; cancel: string }) {
  return new Promise<boolean>((resolve) => {
    modals.openConfirmModal({
      title: labels.title,
      children: <DiscardBody titles={titles} />,
      labels: { confirm: labels.confirm, cancel: labels.cancel },
      confirmProps: { color: 'red', 'data-testid': 'confirm-ok' },
      cancelProps: { 'data-testid': 'confirm-cancel' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** Each tab's left and right edge within the strip's scrolled content. */
function tabEdges(strip: HTMLElement): { left: number; right: number }[] {
  const origin = strip.getBoundingClientRect().left - strip.scrollLeft;
  return [...strip.children].map((el) => {
    const box = el.getBoundingClientRect();
    return { left: box.left - origin, right: box.right - origin };
  });
}

/**
 * The strip scrolls; the arrows move it by five tabs (§9) and are off at its ends. The current tab is brought whole
 * into view whenever it changes, a tab opens or closes, a title changes its width, or the strip changes size.
 */
function useStripScroll(activeKey: string, layoutKey: string) {
  const strip = useRef<HTMLDivElement>(null);
  const [ends, setEnds] = useState({ atStart: true, atEnd: true });
  const measure = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    const max = el.scrollWidth - el.clientWidth;
    const next = { atStart: el.scrollLeft <= 0.5, atEnd: el.scrollLeft >= max - 0.5 };
    setEnds((now) => (now.atStart === next.atStart && now.atEnd === next.atEnd ? now : next));
  }, []);
  const revealActive = useCallback(() => {
    const el = strip.current;
    const active = el?.querySelector<HTMLElement>('[data-active]');
    if (!el || !active) return;
    const index = [...el.children].indexOf(active);
    const edge = tabEdges(el)[index];
    if (edge) el.scrollLeft = revealScrollTarget(edge.left, edge.right, el.scrollLeft, el.clientWidth);
    measure();
  }, [measure]);
  // Measured in the next frame, before it is painted: measuring while React commits would lay the whole page out
  // once more than the paint does (the first page of a visit commits several times before its first paint).
  useLayoutEffect(() => {
    const frame = requestAnimationFrame(revealActive);
    return () => cancelAnimationFrame(frame);
  }, [activeKey, layoutKey, revealActive]);
  useLayoutEffect(() => {
    const el = strip.current;
    if (!el) return;
    const observer = new ResizeObserver(revealActive);
    observer.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [revealActive, measure]);
  const move = (direction: -1 | 1) => {
    const el = strip.current;
    if (!el) return;
    const lefts = tabEdges(el).map((e) => e.left);
    el.scrollLeft = groupScrollTarget(lefts, el.scrollLeft, el.scrollWidth - el.clientWidth, direction);
    measure();
  };
  return { strip, ends, move };
}

/** §2 tab bar: arrows in groups of 5, close on each non-current tab, right-click for close others / close all. */
export function TabBarView() {
  const { t } = useTranslation();
  const state = useTabBar();
  const navigate = useNavigate();
  const titleOf = useTabTitle();
  const [menuFor, setMenuFor] = useState<string | null>(null);
  // What changes the tabs' widths: which tabs are open and what they are called.
  const layoutKey = state.tabs.map((tab) => `${tab.key}\u0000${titleOf(tab)}`).join('\u0001');
  const { strip, ends, move } = useStripScroll(state.activeKey, layoutKey);

  const go = (key: string) => void navigate({ href: key });

  const requestClose = async (action: CloseAction) => {
    const dirty = dirtyTabsClosedBy(tabStore.get(), action);
    if (dirty.length > 0) {
      const ok = await confirmDiscard(dirty.map(titleOf), {
        title: t('tabs.closeDirtyTitle'),
        confirm: t('tabs.discard'),
        cancel: t('common.cancel'),
      });
      if (!ok) return;
    }
    const now = tabStore.get();
    const result =
      action.kind === 'close'
        ? closeTab(now, action.key)
        : action.kind === 'closeOthers'
          ? closeOtherTabs(now, action.key)
          : closeAllTabs(now);
    tabStore.update(() => result.state);
    if (result.navigateTo) go(result.navigateTo);
  };

  return (
    <div className={classes.tabBar} role="navigation" aria-label={t('tabs.label')} data-testid="tab-bar">
      <ActionIcon
        variant="subtle"
        color="gray"
        disabled={ends.atStart}
        onClick={() => move(-1)}
        aria-label={t('tabs.previous')}
        data-testid="tabs-previous"
      >
        <IconChevronLeft size={18} />
      </ActionIcon>
      <div
        className={classes.tabs}
        role="tablist"
        aria-label={t('tabs.label')}
        ref={strip}
        data-testid="tab-strip"
      >
        {state.tabs.map((tab) => {
          const active = tab.key === state.activeKey;
          const title = titleOf(tab);
          const closable = !active && tab.key !== HOME_PATH;
          return (
            <Menu
              key={tab.key}
              opened={menuFor === tab.key}
              // Opens on right-click only; a plain click on the tab switches to it.
              onChange={(open) => !open && setMenuFor(null)}
              position="bottom-start"
              withinPortal
            >
              {/* The close button sits beside the tab, not inside it (a control inside a control is lost to
                    a screen reader), and is a mouse affordance only: from the keyboard, Delete closes the tab. */}
              <div
                className={classes.tab}
                role="presentation"
                data-active={active || undefined}
                data-testid="tab"
                data-key={tab.key}
                data-dirty={tab.dirty || undefined}
                title={title}
                onClick={() => !active && go(tab.key)}
                onContextMenu={(e) => {
                  e.preventDefault();
                  setMenuFor(tab.key);
                }}
              >
                {/* The tab carries the menu (its aria-haspopup belongs on the tab, not the wrapper). */}
                <Menu.Target>
                  <div
                    className={classes.tabLabel}
                    role="tab"
                    tabIndex={0}
                    aria-selected={active}
                    aria-keyshortcuts={closable ? 'Delete' : undefined}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' && !active) go(tab.key);
                      if (e.key === 'Delete' && closable) void requestClose({ kind: 'close', key: tab.key });
                    }}
                  >
                    {tab.dirty && (
                      <span
                        className={classes.dirtyMark}
                        role="img"
                        aria-label={t('tabs.unsaved')}
                        data-testid="tab-dirty"
                      />
                    )}
                    <span className={classes.tabTitle}>{title}</span>
                  </div>
                </Menu.Target>
                {closable && (
                  <CloseButton
                    size="xs"
                    tabIndex={-1}
                    aria-hidden
                    title={t('tabs.close', { title })}
                    data-testid="tab-close"
                    onClick={(e) => {
                      e.stopPropagation();
                      void requestClose({ kind: 'close', key: tab.key });
                    }}
                  />
                )}
              </div>
              <Menu.Dropdown data-testid="tab-menu">
                <Menu.Item
                  data-testid="tab-close-others"
                  onClick={() => void requestClose({ kind: 'closeOthers', key: tab.key })}
                >
                  {t('tabs.closeOthers')}
                </Menu.Item>
                <Menu.Item
                  data-testid="tab-close-all"
                  onClick={() => void requestClose({ kind: 'closeAll' })}
                >
                  {t('tabs.closeAll')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          );
        })}
      </div>
      <ActionIcon
        variant="subtle"
        color="gray"
        disabled={ends.atEnd}
        onClick={() => move(1)}
        aria-label={t('tabs.next')}
        data-testid="tabs-next"
      >
        <IconChevronRight size={18} />
      </ActionIcon>
    </div>
  );
}
