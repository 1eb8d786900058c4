// The profile's "Safer play" tab (docs/safer-play.md): limits, session reminders, breaks and the
// identity check.
import { CircularProgress, Stack } from '@mui/material';
import { BreakCard } from './BreakCard';
import { IdentityCard } from './IdentityCard';
import { LimitsCard } from './LimitsCard';
import { ReminderCard } from './ReminderCard';
import { useSafer } from './useSafer';

export default function SaferTab() {
  const { data, mutate } = useSafer();
  if (!data) return <CircularProgress size={24} />;
  return (
    <Stack spacing={2} data-testid="safer-tab">
      <LimitsCard data={data} mutate={mutate} />
      <ReminderCard data={data} mutate={mutate} />
      <BreakCard data={data} mutate={mutate} />
      <IdentityCard data={data} mutate={mutate} />
    </Stack>
  );
}
