import { Box, Paper, Typography, Chip } from '@mui/material';
import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../hooks/useLang';

/** SPEC §2, §9: tournaments are coming soon; big prize of 10 million tugrik. */
export const TOURNAMENT_PRIZE = 10_000_000;

export function TournamentTab() {
  const { t } = useTranslation();
  const { money } = useFormat();
  return (
    <Paper data-testid="tournament" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', border: 1, borderColor: 'divider' }}>
      <MilitaryTechIcon sx={{ fontSize: 64, color: 'secondary.main' }} />
      <Chip label={t('tournament.comingSoon')} color="secondary" sx={{ mt: 1, fontWeight: 700 }} />
      <Typography variant="h5" sx={{ mt: 2, fontWeight: 800 }}>
        {t('tournament.title')}
      </Typography>
      <Typography variant="body1" sx={{ mt: 1, color: 'text.secondary' }}>
        {t('tournament.prizeLabel')}
      </Typography>
      <Typography data-testid="tournament-prize" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' }, fontWeight: 900, color: 'secondary.main' }}>
        {money(TOURNAMENT_PRIZE)}
      </Typography>
      <Box sx={{ mt: 1 }}>
        <Typography variant="body1">{t('tournament.registrationSoon')}</Typography>
      </Box>
    </Paper>
  );
}
