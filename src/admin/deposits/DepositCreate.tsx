// Record a bank transfer that arrived: find the player by username or by the deposit reference
// code written on the transfer, the amount (whole tugrik > 0) and a note. A per-form idempotency
// key makes a double submit credit once. Afterwards the user's page opens with the new balance.
import { Alert, Box, Typography } from '@mui/material';
import { useMemo, useState, useEffect } from 'react';
import {
  Create,
  NumberInput,
  RadioButtonGroupInput,
  SimpleForm,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  number,
  required,
  useDataProvider,
  useGetList,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { MAX_AMOUNT } from '../../shared/api/common';
import { formatMoney } from '../../shared/format';
import { bankName, useLang } from '../common/fields';
import type { AdminDataProvider, DepositRecord, UserRecord } from '../dataProvider';

export type FindBy = 'username' | 'depositCode';

export interface DepositFormValues {
  findBy: FindBy;
  who: string;
  amount: number;
  note?: string;
}

const integer =
  (message = 'resources.deposit.validation.integer') =>
  (v: unknown) =>
    v === undefined || v === null || v === '' || Number.isInteger(Number(v)) ? undefined : message;

export const validateAmount = [required(), number(), integer(), minValue(1), maxValue(MAX_AMOUNT)];

/** The form values -> the contract's CreateDepositBody. */
export function depositBody(values: DepositFormValues, idempotencyKey: string) {
  const who = String(values.who ?? '').trim();
  return {
    ...(values.findBy === 'depositCode' ? { depositCode: who } : { username: who }),
    amount: Number(values.amount),
    ...(values.note && values.note.trim() ? { note: values.note.trim() } : {}),
    idempotencyKey,
  };
}

function newKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return `dep-${c.randomUUID()}`;
  return `dep-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** Shows who will be credited, so staff can check the name and bank before saving. */
function RecipientPreview() {
  const findBy = useWatch<DepositFormValues, 'findBy'>({ name: 'findBy' });
  const who = useDebounced(String(useWatch<DepositFormValues, 'who'>({ name: 'who' }) ?? '').trim(), 300);
  const translate = useTranslate();
  const lang = useLang();
  const { data, isPending } = useGetList<UserRecord>(
    'user',
    { filter: { q: who }, pagination: { page: 1, perPage: 10 }, sort: { field: 'username', order: 'ASC' } },
    { enabled: who.length >= 2 },
  );
  if (who.length < 2) return null;
  if (isPending) return <Typography variant="body2">{translate('ra.page.loading')}…</Typography>;
  const match = (data ?? []).find((u) =>
    findBy === 'depositCode' ? u.depositCode.toLowerCase() === who.toLowerCase() : u.username.toLowerCase() === who.toLowerCase(),
  );
  if (!match) return <Alert severity="warning">{translate('resources.deposit.preview.none')}</Alert>;
  return (
    <Alert severity="info" data-testid="deposit-recipient">
      {translate('resources.deposit.preview.found', {
        username: match.username,
        balance: formatMoney(match.balance, lang),
        bank: bankName(match.bank, lang),
        account: match.accountNumber,
      })}
    </Alert>
  );
}

export function DepositCreate() {
  const idempotencyKey = useMemo(newKey, []);
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const redirect = useRedirect();
  const lang = useLang();
  const onSuccess = async (deposit: DepositRecord) => {
    let balance: string | undefined;
    try {
      const { data } = await dataProvider.getOne<UserRecord>('user', { id: deposit.userId });
      balance = formatMoney(data.balance, lang);
    } catch {
      balance = undefined;
    }
    notify(balance ? 'resources.deposit.notify.credited_balance' : 'resources.deposit.notify.credited', {
      type: 'success',
      messageArgs: { amount: formatMoney(deposit.amount, lang), username: deposit.username, code: deposit.code, balance },
    });
    redirect('show', 'user', deposit.userId);
  };
  return (
    <Create<DepositRecord>
      transform={(values) => depositBody(values as unknown as DepositFormValues, idempotencyKey) as never}
      mutationOptions={{ onSuccess }}
      redirect={false}
    >
      <SimpleForm defaultValues={{ findBy: 'username' }}>
        <RadioButtonGroupInput
          source="findBy"
          label="resources.deposit.fields.findBy"
          choices={[
            { id: 'username', name: 'resources.deposit.fields.byUsername' },
            { id: 'depositCode', name: 'resources.deposit.fields.byDepositCode' },
          ]}
        />
        <TextInput source="who" label="resources.deposit.fields.who" validate={[required(), maxLength(20)]} autoComplete="off" />
        <Box sx={{ width: '100%', maxWidth: 520, mb: 2 }}>
          <RecipientPreview />
        </Box>
        <NumberInput source="amount" validate={validateAmount} step={1} />
        <TextInput source="note" multiline validate={maxLength(500)} fullWidth />
      </SimpleForm>
    </Create>
  );
}
