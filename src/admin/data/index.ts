import ArticleIcon from '@mui/icons-material/Article';
import type { ResourceProps } from 'react-admin';
import { BlockCreate, BlockEdit } from './BlockEdit';
import { BlockList } from './BlockList';

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
