import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import WorkIcon from '@mui/icons-material/Work';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';

const AlertList = lazyPage(() => import('./AlertList'), 'AlertList');
const AlertShow = lazyPage(() => import('./AlertShow'), 'AlertShow');
const CaseList = lazyPage(() => import('./CaseList'), 'CaseList');
const CaseShow = lazyPage(() => import('./CaseShow'), 'CaseShow');
export const GroupPage = lazyPage(() => import('./GroupPage'), 'GroupPage');
export const PlayerPage = lazyPage(() => import('./PlayerPage'), 'PlayerPage');

/** Integrity alerts ranked by score (docs/integrity.md): /admin/integrityAlert (staff). */
export const integrityAlerts = {
  name: 'integrityAlert',
  list: AlertList,
  show: AlertShow,
  icon: GppMaybeIcon,
  options: { label: 'admin.menu.integrityAlert' },
} satisfies ResourceProps;

/** Integrity cases: /admin/integrityCase (staff read and write notes; administrators act). */
export const integrityCases = {
  name: 'integrityCase',
  list: CaseList,
  show: CaseShow,
  icon: WorkIcon,
  options: { label: 'admin.menu.integrityCase' },
} satisfies ResourceProps;
