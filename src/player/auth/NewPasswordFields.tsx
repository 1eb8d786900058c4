import { useTranslation } from 'react-i18next';
import { PasswordField } from './PasswordField';

type NewPassword = { password: string; confirmPassword: string };

/** A new password and its confirmation, as the register and account forms ask for them. */
export function NewPasswordFields(props: {
  label: string;
  values: NewPassword;
  onChange: (k: keyof NewPassword) => (v: string) => void;
  errors: Partial<Record<keyof NewPassword, string>>;
}) {
  const { t } = useTranslation();
  const { values, onChange, errors } = props;
  return (
    <>
      <PasswordField
        label={props.label}
        name="password"
        value={values.password}
        onChange={onChange('password')}
        error={errors.password}
        autoComplete="new-password"
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        name="confirmPassword"
        value={values.confirmPassword}
        onChange={onChange('confirmPassword')}
        error={errors.confirmPassword}
        autoComplete="new-password"
      />
    </>
  );
}
