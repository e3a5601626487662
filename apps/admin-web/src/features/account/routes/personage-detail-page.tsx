import { useTranslation } from 'react-i18next';
import { DetailView } from '../../../components/detail-view.js';
import { useMe } from '../api/get-me.js';

/** Personal centre: who is signed in, as the server knows it now. */
export function PersonageDetailPage() {
  const { t } = useTranslation();
  const me = useMe();
  const user = me.data;
  return (
    <DetailView
      loading={me.isPending}
      items={[
        { label: t('account.personage.account'), value: user?.account, testId: 'me-account' },
        { label: t('account.personage.name'), value: user?.name, testId: 'me-name' },
        { label: t('account.personage.email'), value: user?.email, testId: 'me-email' },
        {
          label: t('account.personage.role'),
          value: user ? t(`roles.${user.role}`) : null,
          testId: 'me-role',
        },
        {
          label: t('account.personage.brand'),
          value: user ? `${user.brandName} (${user.brandOwnerCode})` : null,
          testId: 'me-brand',
        },
      ]}
    />
  );
}
