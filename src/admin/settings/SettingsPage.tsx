// /admin/settings: the singleton settings record (maintenance, withdrawal limits and the hold after
// a player's bank account change, the QPay deposit bounds, house defaults, the house bank account players transfer to).
import { Typography } from '@mui/material';
import {
  BooleanInput,
  Edit,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  email,
  maxLength,
  maxValue,
  minValue,
  number,
  regex,
  required,
  useTranslate,
} from 'react-admin';
import { MAX_AMOUNT } from '../../shared/api/common';
import { BANKS } from '../../shared/api/enums';
import { useLang } from '../common/fields';
import { SETTINGS_ID } from '../dataProvider';

const integer = (v: unknown) =>
  v === undefined || v === null || v === '' || Number.isInteger(Number(v)) ? undefined : 'resources.settings.validation.integer';

const hours = (v: unknown) => (v === undefined || v === null || v === '' || Number.isInteger(Number(v)) ? undefined : 'resources.settings.validation.hours');

export function validateSettings(values: { withdrawalMin?: number; withdrawalMax?: number; depositMin?: number; depositMax?: number }) {
  const errors: Record<string, string> = {};
  if (typeof values.withdrawalMin === 'number' && typeof values.withdrawalMax === 'number' && values.withdrawalMin > values.withdrawalMax)
    errors.withdrawalMax = 'resources.settings.validation.max_below_min';
  if (typeof values.depositMin === 'number' && typeof values.depositMax === 'number' && values.depositMin > values.depositMax)
    errors.depositMax = 'resources.settings.validation.max_below_min';
  return errors;
}

export function SettingsPage() {
  const translate = useTranslate();
  const lang = useLang();
  return (
    <Edit resource="settings" id={SETTINGS_ID} redirect={false} mutationMode="pessimistic" title="admin.menu.settings" actions={false}>
      <SimpleForm
        validate={validateSettings as never}
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <Typography variant="h6">{translate('resources.settings.sections.maintenance')}</Typography>
        <BooleanInput source="maintenance.enabled" />
        <TextInput source="maintenance.message" multiline fullWidth validate={maxLength(2000)} />

        <Typography variant="h6">{translate('resources.settings.sections.withdrawals')}</Typography>
        <NumberInput source="withdrawalMin" validate={[required(), number(), integer, minValue(1), maxValue(MAX_AMOUNT)]} step={1} />
        <NumberInput source="withdrawalMax" validate={[required(), number(), integer, minValue(1), maxValue(MAX_AMOUNT)]} step={1} />
        <NumberInput
          source="twoPersonThreshold"
          validate={[required(), number(), integer, minValue(0), maxValue(MAX_AMOUNT)]}
          step={1}
          helperText="resources.settings.help.twoPersonThreshold"
        />
        <NumberInput
          source="payoutCoolingHours"
          validate={[required(), number(), hours, minValue(0, 'resources.settings.validation.hours'), maxValue(720, 'resources.settings.validation.hours')]}
          step={1}
          min={0}
          max={720}
          helperText="resources.settings.help.payoutCoolingHours"
        />
        <NumberInput
          source="identityRequiredAbove"
          validate={[required(), number(), integer, minValue(0), maxValue(MAX_AMOUNT)]}
          step={1}
          helperText="resources.settings.help.identityRequiredAbove"
        />

        <Typography variant="h6">{translate('resources.settings.sections.deposits')}</Typography>
        <NumberInput source="depositMin" validate={[required(), number(), integer, minValue(1), maxValue(MAX_AMOUNT)]} step={1} />
        <NumberInput source="depositMax" validate={[required(), number(), integer, minValue(1), maxValue(MAX_AMOUNT)]} step={1} />

        <Typography variant="h6">{translate('resources.settings.sections.house')}</Typography>
        <NumberInput source="defaultRakePercent" validate={[required(), minValue(0), maxValue(10)]} step="any" />
        <NumberInput source="defaultRakeCapBb" validate={[required(), minValue(0), maxValue(100)]} step="any" />
        <NumberInput source="jackpotPercent" validate={[required(), minValue(0), maxValue(10)]} step="any" />
        <TextInput source="supportEmail" validate={email()} />

        <Typography variant="h6">{translate('resources.settings.sections.bank')}</Typography>
        <SelectInput source="houseBank.bank" validate={required()} choices={BANKS.map((b) => ({ id: b.code, name: lang === 'mn' ? b.nameMn : b.name }))} />
        <TextInput source="houseBank.accountNumber" validate={[required(), regex(/^[0-9]{6,20}$/, 'resources.settings.validation.account')]} />
        <TextInput source="houseBank.accountName" validate={[required(), maxLength(120)]} />
      </SimpleForm>
    </Edit>
  );
}
