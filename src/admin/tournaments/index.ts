import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';
const TournamentCreate = lazyPage(() => import('./TournamentEditors'), 'TournamentCreate');
const TournamentEdit = lazyPage(() => import('./TournamentEditors'), 'TournamentEdit');
const TournamentList = lazyPage(() => import('./TournamentList'), 'TournamentList');
const TournamentShow = lazyPage(() => import('./TournamentShow'), 'TournamentShow');

/**
 * Tournaments: /admin/tournament (list), /admin/tournament/create (from a template),
 * /admin/tournament/:id/show (structure, payouts, entrants, results, cancel), /admin/tournament/:id
 * (edit while registering). Staff see the list and the page; administrators create, edit, cancel.
 */
export const tournaments = {
  name: 'tournament',
  list: TournamentList,
  show: TournamentShow,
  create: TournamentCreate,
  edit: TournamentEdit,
  icon: EmojiEventsIcon,
  recordRepresentation: 'name',
  options: { label: 'admin.menu.tournament' },
} satisfies ResourceProps;
