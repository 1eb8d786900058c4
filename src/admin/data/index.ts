import ArticleIcon from '@mui/icons-material/Article';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';
const BlockCreate = lazyPage(() => import('./BlockEdit'), 'BlockCreate');
const BlockEdit = lazyPage(() => import('./BlockEdit'), 'BlockEdit');
const BlockList = lazyPage(() => import('./BlockList'), 'BlockList');

/**
 * Content blocks: /admin/data (list), /admin/data/create, /admin/data/:name (edit). Each block is
 * markdown in English and Mongolian (rules, info page, house bank instructions), id = its name.
 */
export const blocks = {
  name: 'data',
  list: BlockList,
  create: BlockCreate,
  edit: BlockEdit,
  icon: ArticleIcon,
  recordRepresentation: 'name',
  options: { label: 'admin.menu.data' },
} satisfies ResourceProps;
