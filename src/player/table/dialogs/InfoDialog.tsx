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
import { checkFairness, type FairMemory, type FairResult, type FairTools, engineFairTools } from '../logic/fairCheck';
import { useFormat } from '../hooks/useFormat';

export interface InfoDialogProps {
  open: boolean;
  view: TableView;
  onClose: () => void;
  /** Injected in tests; the engine's functions otherwise. */
  fairTools?: FairTools | null;
  /** What this browser saw at each deal and sent as entropy (the table store keeps it). */
  fairMemory?: FairMemory;
}

const Row = ({ label, value }: { label: string; value: string }) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
    <Typography color="text.secondary">{label}</Typography>
    <Typography sx={{ fontWeight: 600, textAlign: 'right' }}>{value}</Typography>
  </Box>
);

const Hex = ({ value, testId }: { value: string; testId?: string }) => (
  <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontSize: 13 }} data-testid={testId}>
    {value}
  </Typography>
);

/** Stakes, buy-in, rake, rules, and the provably-fair check of the last hand. */
export function InfoDialog({ open, view, onClose, fairTools, fairMemory }: InfoDialogProps) {
  const { t } = useTranslation('table');
  const { money, chips } = useFormat();
  const fourColour = useSetting('fourColor');
  const last = view.lastHand;
  const [fairResult, setFairResult] = useState<FairResult | null>(null);

  useEffect(() => {
    if (!open || !last) return;
    let live = true;
    setFairResult(null);
    checkFairness(last, fairTools === undefined ? engineFairTools() : fairTools, fairMemory)
      .then((r) => live && setFairResult(r))
      .catch(() => live && setFairResult({ ok: false, rootMatches: null, cards: [], entropy: null, deck: null, deckOk: null }));
    return () => {
      live = false;
    };
  }, [open, last, fairTools, fairMemory]);

  const verdict = !fairResult
    ? t('fair.checking')
    : fairResult.ok === null
      ? fairResult.cards.length === 0 && fairTools !== null
        ? t('fair.nothing')
        : t('fair.unavailable')
      : fairResult.ok
        ? `✓ ${t('fair.match')}`
        : fairResult.rootMatches === false
          ? `✗ ${t('fair.rootMismatch')}`
          : fairResult.deckOk === false
            ? `✗ ${t('fair.deckMismatch')}`
            : `✗ ${t('fair.mismatch')}`;
  const cardGroup = (mine: boolean) => {
    const cards = fairResult?.cards.filter((c) => c.mine === mine) ?? [];
    if (cards.length === 0) return null;
    return (
      <Box sx={{ mt: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {t(mine ? 'fair.mine' : 'fair.shown')}
        </Typography>
        <Box data-testid={mine ? 'fair-mine' : 'fair-shown'} sx={{ display: 'flex', flexWrap: 'wrap', gap: '6px', mt: 0.5 }}>
          {cards.map((c) => (
            <Box key={`${c.position}`} sx={{ display: 'flex', alignItems: 'center', gap: '2px' }} data-ok={c.ok}>
              <PlayingCard card={c.card} height={36} fourColour={fourColour} />
              <Typography component="span" sx={{ fontWeight: 700, color: c.ok ? 'success.main' : 'error.main' }}>
                {c.ok ? '✓' : '✗'}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    );
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" scroll="paper">
      <DialogTitle>{view.name}</DialogTitle>
      <DialogContent dividers tabIndex={0} /* scrolls: reachable from the keyboard */>
        <Row label={t('info.variant')} value={t(`variant.${view.variant}`)} />
        <Row label={t('info.stakes')} value={`${chips(view.smallBlind)} / ${chips(view.bigBlind)}`} />
        <Row label={t('info.buyIn')} value={`${money(view.minBuyIn)} – ${money(view.maxBuyIn)}`} />
        <Row label={t('info.rake')} value={t('info.rakeValue', { percent: view.rakePercent, cap: money(view.rakeCap) })} />
        <Row label={t('info.seats')} value={String(view.maxPlayers)} />
        <Row label={t('info.actionTime')} value={t('info.seconds', { n: view.actionTime })} />
        {view.ante ? <Row label={t('info.ante')} value={chips(view.ante)} /> : null}
        {view.straddle && view.straddle !== 'off' ? (
          <Row label={t('info.straddle')} value={t(`info.straddleAt.${view.straddle}`, { amount: chips(2 * view.bigBlind) })} />
        ) : null}
        {view.runItTwice ? <Row label={t('info.runItTwice')} value={t('info.runItTwiceValue')} /> : null}
        {view.bombPotEvery ? (
          <Row label={t('info.bombPot')} value={t('info.bombPotValue', { n: view.bombPotEvery, amount: chips(2 * view.bigBlind) })} />
        ) : null}
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          {t(`rules.${view.variant}`)}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }} color="text.secondary">
          {t('rules.common')}
        </Typography>
        <Divider sx={{ my: 2 }} />
        <Typography variant="h6" component="h3" gutterBottom>
          {t('fair.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {t('fair.explain')}
        </Typography>
        {!last ? (
          <Typography>{t('fair.noHand')}</Typography>
        ) : (
          <Box data-testid="fair-check">
            <Row label={t('fair.hand')} value={`#${last.handNumber}`} />
            <Typography variant="caption" color="text.secondary">
              {t('fair.root')}
            </Typography>
            <Hex value={last.cardsRoot} testId="fair-root" />
            <Typography variant="caption" color="text.secondary">
              {t('fair.published')}
            </Typography>
            <Hex value={last.seedHash} testId="fair-hash" />
            {cardGroup(true)}
            {cardGroup(false)}
            <Typography
              variant="body2"
              sx={{ mt: 1 }}
              data-testid="fair-entropy"
              color={fairResult?.entropy === 'missing' ? 'error.main' : fairResult?.entropy === 'included' ? 'success.main' : 'text.secondary'}
            >
              {fairResult?.entropy === 'included'
                ? `✓ ${t('fair.entropyIncluded')}`
                : fairResult?.entropy === 'missing'
                  ? `✗ ${t('fair.entropyMissing')}`
                  : view.mySeat !== null
                    ? t('fair.entropyNone')
                    : null}{' '}
              {t('fair.entropyCount', { count: (last.entropy ?? []).length })}
            </Typography>
            <Typography
              data-testid="fair-verdict"
              sx={{ mt: 1, fontWeight: 700, color: fairResult?.ok ? 'success.main' : fairResult?.ok === false ? 'error.main' : 'text.secondary' }}
            >
              {verdict}
            </Typography>
            {last.seed ? (
              <>
                <Typography variant="caption" color="text.secondary">
                  {t('fair.seed')}
                </Typography>
                <Hex value={last.seed} testId="fair-seed" />
              </>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('fair.seedSecret')}
              </Typography>
            )}
            {fairResult?.deck && (
              <>
                <Typography variant="caption" color="text.secondary">
                  {t('fair.deck')}
                </Typography>
                <Box data-testid="fair-deck" sx={{ display: 'flex', flexWrap: 'wrap', gap: '3px', mt: 0.5 }}>
                  {fairResult.deck.map((c, i) => (
                    <PlayingCard key={`${c}${i}`} card={c} height={36} fourColour={fourColour} />
                  ))}
                </Box>
              </>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
