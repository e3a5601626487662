import { EMAIL_CODE_RESEND_SECONDS, PASSWORD_RULE } from '@kb/contracts';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../components/new-password-fields.js';
import { applyServerErrors, useAppForm } from '../../../components/use-app-form.js';
import { ApiError } from '../../../lib/api-client.js';
import { useSendEmailCode } from '../api/send-email-code.js';
import { useSetPassword } from '../api/set-password.js';
import { verifyEmailCode } from '../api/verify-email-code.js';
import { AuthShell } from '../components/auth-shell.js';
import { withQueries } from '../../../lib/query-client.js';

const route = getRouteApi('/set-password');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Which field an API error code belongs under. */
const FIELD_OF_CODE: Record<string, string> = {
  email_required: 'email',
  email_invalid: 'email',
  email_not_in_system: 'email',
  first_login_already_done: 'email',
  email_code_wrong: 'code',
  email_code_expired: 'code',
  email_code_invalid: 'code',
  password_rule: 'newPassword',
  password_mismatch: 'confirmPassword',
};

function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

function SetPasswordPageContent() {
  const { t } = useTranslation();
  const { flag, email } = route.useSearch();
  const sendCode = useSendEmailCode();
  const save = useSetPassword();
  const [secondsLeft, startCountdown] = useCountdown();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const form = useAppForm({
    initialValues: { email: email ?? '', code: '', newPassword: '', confirmPassword: '' },
    validateInputOnBlur: true,
    validate: {
      email: (v) => (!v.trim() ? 'email_required' : EMAIL.test(v.trim()) ? null : 'email_invalid'),
      code: (v) =>
        !v.trim() ? 'email_code_required' : /^\d{6}$/.test(v.trim()) ? null : 'email_code_invalid',
      newPassword: (v) => (!v ? 'password_required' : PASSWORD_RULE.test(v) ? null : 'password_rule'),
      confirmPassword: (v, values) =>
        !v ? 'password_required' : v === values.newPassword ? null : 'password_mismatch',
    },
  });

  const send = async () => {
    setFailure(null);
    if (form.validateField('email').hasError) return;
    try {
      await sendCode.mutateAsync({ email: form.values.email, flag });
      startCountdown(EMAIL_CODE_RESEND_SECONDS);
    } catch (error) {
      if (!applyServerErrors(form, error, FIELD_OF_CODE)) {
        setFailure(error instanceof ApiError ? error.desc : t('messages.loadError'));
      }
      if (error instanceof ApiError && error.code === 'email_code_too_soon')
        startCountdown(EMAIL_CODE_RESEND_SECONDS);
    }
  };

  // A wrong code gets its own message as soon as the field is left (§5), not only after submitting.
  const checkCode = async () => {
    const { email, code } = form.values;
    if (!EMAIL.test(email.trim()) || !/^\d{6}$/.test(code.trim())) return;
    try {
      await verifyEmailCode({ email, code });
    } catch (error) {
      applyServerErrors(form, error, FIELD_OF_CODE);
    }
  };

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({ ...values, flag });
      setDone(true);
    } catch (error) {
      if (!applyServerErrors(form, error, FIELD_OF_CODE)) {
        setFailure(error instanceof ApiError ? error.desc : t('messages.loadError'));
      }
    }
  });

  const title = flag === 'login' ? t('auth.setPassword.titleLogin') : t('auth.setPassword.titleForget');

  if (done) {
    return (
      <AuthShell title={title}>
        <Stack align="center" gap="sm" data-testid="set-password-done">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Title order={3}>{t('auth.setPassword.successTitle')}</Title>
          <Text c="dimmed">{t('auth.setPassword.successBody')}</Text>
          <Button component={Link} to="/login" fullWidth mt="sm" data-testid="back-to-login">
            {t('auth.setPassword.backToLogin')}
          </Button>
        </Stack>
      </AuthShell>
    );
  }

  const codeInput = form.getInputProps('code');
  return (
    <AuthShell title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('auth.setPassword.intro')}
          </Text>
          {failure && (
            <Alert color="red" icon={<IconAlertCircle />} data-testid="set-password-error">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('auth.setPassword.email')}
            placeholder={t('auth.setPassword.emailPlaceholder')}
            type="email"
            autoComplete="email"
            withAsterisk
            data-testid="sp-email"
            {...form.getInputProps('email')}
          />
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('auth.setPassword.code')}
              placeholder={t('auth.setPassword.codePlaceholder')}
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              withAsterisk
              data-testid="sp-code"
              {...codeInput}
              onBlur={() => {
                codeInput.onBlur?.();
                void checkCode();
              }}
            />
            <Button
              mt={25}
              variant="light"
              onClick={() => void send()}
              disabled={secondsLeft > 0}
              loading={sendCode.isPending}
              data-testid="sp-send"
              miw={130}
            >
              {secondsLeft > 0
                ? t('auth.setPassword.resendIn', { seconds: secondsLeft })
                : t('auth.setPassword.sendCode')}
            </Button>
          </Group>
          <NewPasswordFields form={form} texts={(key) => t(`auth.setPassword.${key}`)} testIdPrefix="sp" />
          <Button type="submit" fullWidth loading={save.isPending} data-testid="sp-submit">
            {t('auth.setPassword.submit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('auth.setPassword.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthShell>
  );
}

/** Drawn inside the query cache's provider, which loads with this page (the login page goes without it). */
export const SetPasswordPage = withQueries(SetPasswordPageContent);
