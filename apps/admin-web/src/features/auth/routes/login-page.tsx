import {
  Alert,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { AnchorLink } from '../../../components/anchor-link.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppForm } from '../../../components/use-app-form.js';
import { ApiError } from '../../../lib/api-client.js';
import { afterLogin } from '../../../lib/redirect.js';
import {
  getRememberedAccount,
  followsAnotherUser,
  setRememberedAccount,
  storeLogin,
} from '../../../lib/session.js';
import { captchaUrl } from '../api/captcha-url.js';
import { useLogin } from '../api/login.js';
import { AuthShell } from '../components/auth-shell.js';
import classes from '../components/auth-shell.module.css';

const route = getRouteApi('/login');

const required = (code: string) => (value: string) => (value.trim() ? null : code);

export function LoginPage() {
  const { t } = useTranslation();
  const search = route.useSearch();
  const navigate = useNavigate();
  const login = useLogin();
  const [captchaStamp, setCaptchaStamp] = useState(() => Date.now());
  const [failure, setFailure] = useState<string | null>(null);
  const remembered = getRememberedAccount();

  const form = useAppForm({
    initialValues: { account: remembered ?? '', password: '', captcha: '', remember: remembered !== null },
    // §5: the three checks run when a field loses focus.
    validateInputOnBlur: ['account', 'password', 'captcha'],
    validate: {
      account: required('account_required'),
      password: required('password_required'),
      captcha: required('captcha_required'),
    },
  });

  const newCaptcha = () => setCaptchaStamp(Date.now());

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const user = await login.mutateAsync(values);
      const anotherUser = followsAnotherUser(user);
      storeLogin(user);
      setRememberedAccount(values.remember ? values.account.trim() : null);
      await navigate({ href: afterLogin(anotherUser ? undefined : search.redirect) });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.desc : t('messages.loadError'));
      form.setFieldValue('captcha', '');
      newCaptcha();
    }
  });

  const reasonText =
    search.reason === 'expired'
      ? t('auth.login.sessionExpired')
      : search.reason === 'passwordChanged'
        ? t('auth.login.passwordChanged')
        : search.reason === 'loggedOut'
          ? t('auth.login.loggedOut')
          : null;

  return (
    <AuthShell title={t('auth.login.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {reasonText && !failure && (
            <Alert
              color={search.reason === 'expired' ? 'orange' : 'blue'}
              icon={<IconInfoCircle />}
              data-testid="login-reason"
            >
              {reasonText}
            </Alert>
          )}
          {failure && (
            <Alert color="red" icon={<IconAlertCircle />} data-testid="login-error">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('auth.login.account')}
            placeholder={t('auth.login.accountPlaceholder')}
            autoComplete="username"
            withAsterisk
            data-testid="login-account"
            {...form.getInputProps('account')}
          />
          <PasswordInput
            label={t('auth.login.password')}
            placeholder={t('auth.login.passwordPlaceholder')}
            autoComplete="current-password"
            withAsterisk
            data-testid="login-password"
            {...form.getInputProps('password')}
          />
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('auth.login.captcha')}
              placeholder={t('auth.login.captchaPlaceholder')}
              autoComplete="off"
              maxLength={16}
              withAsterisk
              data-testid="login-captcha"
              {...form.getInputProps('captcha')}
            />
            <UnstyledButton
              className={classes.captchaImage}
              mt={25}
              onClick={newCaptcha}
              aria-label={t('auth.login.captchaImage')}
              title={t('auth.login.captchaImage')}
            >
              <img
                src={captchaUrl(captchaStamp)}
                alt={t('auth.login.captchaImage')}
                data-testid="captcha-image"
              />
            </UnstyledButton>
          </Group>
          <Group justify="space-between">
            <Checkbox
              label={t('auth.login.remember')}
              data-testid="login-remember"
              {...form.getInputProps('remember', { type: 'checkbox' })}
            />
            <AnchorLink to="/set-password" search={{ flag: 'forget' }} size="sm" data-testid="forgot-link">
              {t('auth.login.forgot')}
            </AnchorLink>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending} data-testid="login-submit">
            {t('auth.login.submit')}
          </Button>
          <AnchorLink
            to="/set-password"
            search={{ flag: 'login' }}
            size="sm"
            ta="center"
            data-testid="register-link"
          >
            {t('auth.login.firstTime')}
          </AnchorLink>
        </Stack>
      </form>
    </AuthShell>
  );
}
