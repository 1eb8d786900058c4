import ChatIcon from '@mui/icons-material/Chat';
import type { ResourceProps } from 'react-admin';
import { lazyPage } from '../common/lazyPage';
const ChatList = lazyPage(() => import('./ChatList'), 'ChatList');

/** Chat moderation: /admin/chat (staff). */
export const chat = {
  name: 'chat',
  list: ChatList,
  icon: ChatIcon,
  options: { label: 'admin.menu.chat' },
} satisfies ResourceProps;
