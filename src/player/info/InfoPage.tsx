import { Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ContentBlock } from '../components/ContentBlock';

/** The info page: content block `info`, in the current language. */
export default function InfoPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
          {t('menu.info')}
        </Typography>
        <ContentBlock name="info" />
      </CardContent>
    </Card>
  );
}
