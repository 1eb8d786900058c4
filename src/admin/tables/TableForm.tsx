import { Box, Typography } from '@mui/material';
import { BooleanInput, NumberInput, SelectInput, SimpleForm, TextInput, useTranslate, type SimpleFormProps } from 'react-admin';
import { STRADDLES, TABLE_STATUSES, VARIANTS } from '../../shared/api/enums';
import { validateTable } from './validation';

export function TableForm({ edit, ...rest }: { edit?: boolean } & Omit<SimpleFormProps, 'children'>) {
  const translate = useTranslate();
  return (
    <SimpleForm validate={validateTable as never} {...rest}>
      <TextInput source="name" fullWidth sx={{ maxWidth: 480 }} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <SelectInput source="variant" choices={VARIANTS.map((v) => ({ id: v, name: translate(`admin.variant.${v}`) }))} />
        <NumberInput fullWidth={false} sx={{ width: 220 }} source="maxPlayers" step={1} />
        {edit && (
          <SelectInput
            fullWidth={false}
            sx={{ width: 220 }}
            source="status"
            choices={TABLE_STATUSES.map((s) => ({ id: s, name: translate(`admin.status.${s}`) }))}
          />
        )}
      </Box>
      <Typography variant="subtitle2">{translate('resources.table.sections.stakes')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <NumberInput fullWidth={false} sx={{ width: 220 }} source="smallBlind" step={1} />
        <NumberInput fullWidth={false} sx={{ width: 220 }} source="bigBlind" step={1} />
        <NumberInput fullWidth={false} sx={{ width: 220 }} source="minBuyIn" step={1} />
        <NumberInput fullWidth={false} sx={{ width: 220 }} source="maxBuyIn" step={1} />
      </Box>
      <Typography variant="subtitle2">{translate('resources.table.sections.options')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <NumberInput fullWidth={false} sx={{ width: 220 }} source="ante" step={1} helperText="resources.table.help.ante" />
        <SelectInput
          fullWidth={false}
          sx={{ width: 220 }}
          source="straddle"
          choices={STRADDLES.map((s) => ({ id: s, name: translate(`resources.table.straddle.${s}`) }))}
          helperText="resources.table.help.straddle"
        />
        <NumberInput fullWidth={false} sx={{ width: 220 }} source="bombPotEvery" step={1} helperText="resources.table.help.bomb_pot" />
        <BooleanInput source="runItTwice" helperText="resources.table.help.run_it_twice" />
      </Box>
      <Typography variant="subtitle2">{translate('resources.table.sections.house')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <NumberInput fullWidth={false} sx={{ width: 220 }} source="rakePercent" step="any" helperText="resources.table.help.default" />
        <NumberInput fullWidth={false} sx={{ width: 220 }} source="rakeCap" step={1} helperText="resources.table.help.default" />
        <NumberInput fullWidth={false} sx={{ width: 220 }} source="jackpotPercent" step="any" helperText="resources.table.help.default" />
        <NumberInput fullWidth={false} sx={{ width: 220 }} source="actionTime" step={1} helperText="resources.table.help.action_time" />
      </Box>
    </SimpleForm>
  );
}
