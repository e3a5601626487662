import { ActionIcon, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../../lib/redirect.js';
import { screenFor } from '../screens.js';
import classes from './layout.module.css';

/** The page title with a way back: to the previous page, or to the screen's list when opened directly. */
export function BackHeader() {
  const { t } = useTranslation();
  const router = useRouter();
  const navigate = useNavigate();
  const pathname = useLocation({ select: (l) => l.pathname });
  const screen = screenFor(pathname);
  const title = screen ? t(`routes.${screen.title}`) : t('routes.notFound');
  useEffect(() => {
    document.title = `${title} - ${t('layout.appName')}`;
  }, [title, t]);
  const back = () => {
    if (router.history.canGoBack()) router.history.back();
    else void navigate({ href: screen?.parent ?? HOME_PATH });
  };
  return (
    <div className={classes.backHeader}>
      {screen?.path !== HOME_PATH && (
        <Tooltip label={t('common.back')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={back}
            aria-label={t('common.back')}
            data-testid="back"
          >
            <IconArrowLeft size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      <Title order={1} size="h4" data-testid="page-title">
        {title}
      </Title>
    </div>
  );
}
