// A new fast-fold pool (docs/fast-fold.md): game and stakes, seats per table (6 or 9), rake and
// action time. Its tables are opened by the pool as players come.
import { Box } from '@mui/material';
import { Create, NumberInput, SelectInput, SimpleForm, TextInput, required, useTranslate } from 'react-admin';
import { VARIANTS } from '../../shared/api/enums';

export function PoolCreate() {
  const translate = useTranslate();
  return (
    <Create redirect="list">
      <SimpleForm defaultValues={{ variant: 'NT', maxPlayers: 6, rakePercent: 5, rakeCap: 0, actionTime: 15 }}>
        <TextInput source="name" validate={required()} fullWidth sx={{ maxWidth: 480 }} />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <SelectInput source="variant" validate={required()} choices={VARIANTS.map((v) => ({ id: v, name: translate(`admin.variant.${v}`) }))} />
          <SelectInput
            source="maxPlayers"
            validate={required()}
            choices={[
              { id: 6, name: '6' },
              { id: 9, name: '9' },
            ]}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <NumberInput fullWidth={false} sx={{ width: 220 }} source="smallBlind" step={1} validate={required()} />
          <NumberInput fullWidth={false} sx={{ width: 220 }} source="bigBlind" step={1} validate={required()} />
          <NumberInput fullWidth={false} sx={{ width: 220 }} source="minBuyIn" step={1} validate={required()} />
          <NumberInput fullWidth={false} sx={{ width: 220 }} source="maxBuyIn" step={1} validate={required()} />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <NumberInput fullWidth={false} sx={{ width: 220 }} source="rakePercent" step="any" />
          <NumberInput fullWidth={false} sx={{ width: 220 }} source="rakeCap" step={1} />
          <NumberInput fullWidth={false} sx={{ width: 220 }} source="actionTime" step={1} />
        </Box>
      </SimpleForm>
    </Create>
  );
}
