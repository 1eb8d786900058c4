import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 900 }}>
        404
      </Typography>
      <Typography sx={{ my: 2 }}>{t('notFound')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('menu.lobby')}
      </Button>
    </Box>
  );
}
