// What waits to be paid out, per payee bank (approved withdrawals in no batch), and the button
// that makes one bank's batch of all of them; the new batch's page opens (its file, paid, cancel).
import AddIcon from '@mui/icons-material/Add';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, usePermissions, useRedirect, useTranslate } from 'react-admin';
import { formatMoney } from '../../shared/format';
import { can } from '../auth/permissions';
import { ActionDialogButton } from '../common/ActionDialogButton';
import { bankName, useLang } from '../common/fields';
import type { AdminDataProvider } from '../dataProvider';

type BankDue = Awaited<ReturnType<AdminDataProvider['payoutsDue']>>['data']['banks'][number];

export function PayoutsDue() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  const redirect = useRedirect();
  const lang = useLang();
  const { permissions } = usePermissions<string | null>();
  const [banks, setBanks] = useState<BankDue[] | null>(null);
  useEffect(() => {
    let live = true;
    dataProvider.payoutsDue().then(
      (r) => live && setBanks(r.data.banks),
      () => live && setBanks([]),
    );
    return () => {
      live = false;
    };
  }, [dataProvider]);
  const mayCreate = can(permissions, 'payoutBatch', 'create');
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('resources.payoutBatch.due.title')}
        </Typography>
        {!banks?.length && (
          <Typography variant="body2" color="text.secondary">
            {translate(banks ? 'resources.payoutBatch.due.none' : 'ra.page.loading')}
          </Typography>
        )}
        {banks?.map((b) => {
          const args = { bank: bankName(b.bank, lang), count: b.count, total: formatMoney(b.total, lang) };
          return (
            <Stack key={b.bank} direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }} data-testid={`due-${b.bank}`}>
              <Typography variant="body2" sx={{ minWidth: '20rem' }}>
                {translate('resources.payoutBatch.due.line', args)}
              </Typography>
              {mayCreate && (
                <ActionDialogButton
                  label="resources.payoutBatch.action.create"
                  title="resources.payoutBatch.confirm.create_title"
                  text="resources.payoutBatch.confirm.create_content"
                  done="resources.payoutBatch.notify.created"
                  icon={<AddIcon />}
                  args={args}
                  testId={`create-batch-${b.bank}`}
                  onConfirm={async () => {
                    const { data } = await dataProvider.create('payoutBatch', { data: { bank: b.bank } });
                    redirect('show', 'payoutBatch', data.id);
                  }}
                />
              )}
            </Stack>
          );
        })}
      </CardContent>
    </Card>
  );
}
