import { Alert, Button, Group, PasswordInput, Stack, TextInput, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { AnchorLink } from '../../../components/anchor-link.js';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.js';
import { translateError } from '../../../lib/translate.js';
import { afterLogin } from '../../../lib/redirect.js';
import {
  getRememberedAccount,
  followsAnotherUser,
  setRememberedAccount,
  storeLogin,
} from '../../../lib/session.js';
import { captchaUrl } from '../api/captcha-url.js';
import { login } from '../api/login.js';
import { AuthShell } from '../components/auth-shell.js';
import classes from '../components/auth-shell.module.css';

const route = getRouteApi('/login');

/**
 * The captchas this document has shown. Its first is the one preloaded with the page (`captchaUrl(0)`); each later
 * one has an address of its own (each is good for one code, and none is stored: a new document starts again).
 */
let captchasShown = 0;

type Field = 'account' | 'password' | 'captcha';
const FIELDS: readonly Field[] = ['account', 'password', 'captcha'];
const REQUIRED: Record<Field, string> = {
  account: 'account_required',
  password: 'password_required',
  captcha: 'captcha_required',
};
const check = (field: Field, value: string) => (value.trim() ? undefined : REQUIRED[field]);

/**
 * The login form's three required fields, checked when one loses focus and all on submit; an error goes as the
 * field changes. Plain state rather than the console's form library, which the login page need not download.
 */
function useLoginFields(account: string) {
  const [values, setValues] = useState<Record<Field, string>>({ account, password: '', captcha: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const input = (field: Field) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    },
    onBlur: () => setErrors((current) => ({ ...current, [field]: check(field, values[field]) })),
    error: errors[field] ? translateError(errors[field]) : undefined,
  });
  /** The values when every field is filled in; otherwise null, with the errors shown. */
  const validated = () => {
    const found = Object.fromEntries(FIELDS.map((field) => [field, check(field, values[field])]));
    setErrors(found);
    return FIELDS.some((field) => found[field]) ? null : values;
  };
  const clear = (field: Field) => setValues((current) => ({ ...current, [field]: '' }));
  return { input, validated, clear };
}

export function LoginPage() {
  const { t } = useTranslation();
  const search = route.useSearch();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [captchaStamp, setCaptchaStamp] = useState(() => captchasShown++);
  const [failure, setFailure] = useState<string | null>(null);
  const remembered = getRememberedAccount();

  // §5: the three checks run when a field loses focus.
  const fields = useLoginFields(remembered ?? '');
  const [remember, setRemember] = useState(remembered !== null);

  const newCaptcha = () => setCaptchaStamp(captchasShown++);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = fields.validated();
    if (!values) return;
    setFailure(null);
    setPending(true);
    try {
      const user = await login({ ...values, remember });
      const anotherUser = followsAnotherUser(user);
      storeLogin(user);
      setRememberedAccount(remember ? values.account.trim() : null);
      await navigate({ href: afterLogin(anotherUser ? undefined : search.redirect) });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.desc : t('messages.loadError'));
      fields.clear('captcha');
      newCaptcha();
    } finally {
      setPending(false);
    }
  };

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
      <form onSubmit={(event) => void submit(event)} noValidate>
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
            {...fields.input('account')}
          />
          <PasswordInput
            label={t('auth.login.password')}
            placeholder={t('auth.login.passwordPlaceholder')}
            autoComplete="current-password"
            withAsterisk
            data-testid="login-password"
            {...fields.input('password')}
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
              {...fields.input('captcha')}
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
            {/* A native checkbox in the theme's colour: Mantine's brings its group and card variants to the login
                page, which needs one box. */}
            <label className={classes.remember}>
              <input
                type="checkbox"
                data-testid="login-remember"
                checked={remember}
                onChange={(event) => setRemember(event.currentTarget.checked)}
              />
              {t('auth.login.remember')}
            </label>
            <AnchorLink to="/set-password" search={{ flag: 'forget' }} size="sm" data-testid="forgot-link">
              {t('auth.login.forgot')}
            </AnchorLink>
          </Group>
          <Button type="submit" fullWidth loading={pending} data-testid="login-submit">
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
