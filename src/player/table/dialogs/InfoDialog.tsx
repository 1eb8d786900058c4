import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { TableView } from '../../../shared/protocol/table-view';
import { PlayingCard } from '../../../shared/ui/PlayingCard';
import { useSetting } from '../../../shared/settings/useSettings';
import { checkFairness, type FairResult, type FairTools, engineFairTools } from '../logic/fairCheck';
import { useFormat } from '../hooks/useFormat';

export interface InfoDialogProps {
  open: boolean;
  view: TableView;
  onClose: () => void;
  /** Injected in tests; the engine's functions otherwise. */
  fairTools?: FairTools | null;
}

const Row = ({ label, value }: { label: string; value: string }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
    <Typography color="text.secondary">{label}</Typography>
    <Typography fontWeight={600} textAlign="right">{value}</Typography>
  </Box>
);

/** Stakes, buy-in, rake, rules, and the provably-fair check of the last hand. */
export function InfoDialog({ open, view, onClose, fairTools }: InfoDialogProps) {
  const { t } = useTranslation('table');
  const { money, chips } = useFormat();
  const fourColour = useSetting('fourColor');
  const last = view.lastHand;
  const [fairResult, setFairResult] = useState<FairResult | null>(null);

  useEffect(() => {
    if (!open || !last) return;
    let live = true;
    setFairResult(null);
    checkFairness(last, fairTools === undefined ? engineFairTools() : fairTools)
      .then((r) => live && setFairResult(r))
      .catch(() => live && setFairResult({ ok: false, computedHash: null, deck: null }));
    return () => { live = false; };
  }, [open, last, fairTools]);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle>{view.name}</DialogTitle>
      <DialogContent dividers>
        <Row label={t('info.variant')} value={t(`variant.${view.variant}`)} />
        <Row label={t('info.stakes')} value={`${chips(view.smallBlind)} / ${chips(view.bigBlind)}`} />
        <Row label={t('info.buyIn')} value={`${money(view.minBuyIn)} – ${money(view.maxBuyIn)}`} />
        <Row label={t('info.rake')} value={t('info.rakeValue', { percent: view.rakePercent, cap: money(view.rakeCap) })} />
        <Row label={t('info.seats')} value={String(view.maxPlayers)} />
        <Row label={t('info.actionTime')} value={t('info.seconds', { n: view.actionTime })} />
        <Typography variant="body2" sx={{ mt: 1.5 }}>{t(`rules.${view.variant}`)}</Typography>
        <Typography variant="body2" sx={{ mt: 1 }} color="text.secondary">{t('rules.common')}</Typography>
        <Divider sx={{ my: 2 }} />
        <Typography variant="h6" gutterBottom>{t('fair.title')}</Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>{t('fair.explain')}</Typography>
        {!last ? (
          <Typography>{t('fair.noHand')}</Typography>
        ) : (
          <Box data-testid="fair-check">
            <Row label={t('fair.hand')} value={`#${last.handNumber}`} />
            <Typography variant="caption" color="text.secondary">{t('fair.published')}</Typography>
            <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontSize: 13 }} data-testid="fair-hash">{last.seedHash}</Typography>
            <Typography variant="caption" color="text.secondary">{t('fair.seed')}</Typography>
            <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontSize: 13 }}>{last.seed}</Typography>
            {fairResult && fairResult.ok !== null && (
              <>
                <Typography variant="caption" color="text.secondary">{t('fair.computed')}</Typography>
                <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontSize: 13 }}>{fairResult.computedHash}</Typography>
              </>
            )}
            <Typography data-testid="fair-verdict" sx={{ mt: 1, fontWeight: 700, color: fairResult?.ok ? 'success.main' : fairResult?.ok === false ? 'error.main' : 'text.secondary' }}>
              {!fairResult ? t('fair.checking') : fairResult.ok === null ? t('fair.unavailable') : fairResult.ok ? `✓ ${t('fair.match')}` : `✗ ${t('fair.mismatch')}`}
            </Typography>
            {fairResult?.deck && (
              <>
                <Typography variant="caption" color="text.secondary">{t('fair.deck')}</Typography>
                <Box data-testid="fair-deck" sx={{ display: 'flex', flexWrap: 'wrap', gap: '3px', mt: 0.5 }}>
                  {fairResult.deck.map((c, i) => <PlayingCard key={`${c}${i}`} card={c} height={36} fourColour={fourColour} />)}
                </Box>
              </>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{t('common.close')}</Button></DialogActions>
    </Dialog>
  );
}
