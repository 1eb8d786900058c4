import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, IconButton, Paper, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import ChatIcon from '@mui/icons-material/Forum';
import { useTranslation } from 'react-i18next';
import { api, type ChatMessage } from '../api';
import { useAuth } from '../auth/AuthContext';
import { useSocket, useSocketMessage } from '../socket/SocketContext';
import { formatTime } from '../../shared/format';

// Only signed-in players write: the field's code is not downloaded for guests.
const TextField = lazy(() => import('@mui/material/TextField'));

/** Longest message the socket accepts (src/shared/protocol/client.ts). */
export const CHAT_MAX_LENGTH = 300;
const KEEP_MESSAGES = 200;

/** Global chat: history of 50 on load (SPEC §7, §9), then CHAT_MESSAGE frames appended. */
export function ChatPanel({ height = 420 }: { height?: number | string | { xs?: number | string; md?: number | string } }) {
  const { t } = useTranslation();
  const { isAuthenticated, checkedAuth, userInfo } = useAuth();
  // The panel's full height from its first paint while the sign-in is being checked: the lobby
  // must not shift when it turns out to be a player's (CLS). Only a guest gets the short panel.
  const reserved = isAuthenticated || !checkedAuth;
  const { client, status } = useSocket();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isAuthenticated) return;
    let cancelled = false;
    api
      .chatHistory()
      .then((res) => {
        if (cancelled) return;
        const history = res.items.filter((m) => m.tableId === null);
        setMessages((live) => {
          const ids = new Set(history.map((m) => m.id));
          return [...history, ...live.filter((m) => !ids.has(m.id))];
        });
      })
      .catch((e) => console.error('Failed to load chat messages', e));
    return () => {
      cancelled = true;
    };
  }, [isAuthenticated]);

  useSocketMessage('CHAT_MESSAGE', (m) => {
    if (m.data.tableId !== null && m.data.tableId !== undefined) return; // table chat lives at the table
    setMessages((list) => (list.some((x) => x.id === m.data.id) ? list : [...list, m.data].slice(-KEEP_MESSAGES)));
  });

  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const canSend = status === 'open' && !!userInfo; // SPEC §6: open socket and a known user
  const send = (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body || !canSend) return;
    if (client.sendChat(body.slice(0, CHAT_MAX_LENGTH))) setText('');
  };

  return (
    <Paper sx={{ border: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', height: reserved ? height : 'auto' }} data-testid="chat">
      <Box sx={{ px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', gap: 1 }}>
        <ChatIcon fontSize="small" color="primary" />
        <Typography sx={{ fontWeight: 700 }}>{t('chat.title')}</Typography>
      </Box>
      <Box ref={listRef} sx={{ flex: 1, overflowY: 'auto', px: 2, py: 1 }} data-testid="chat-messages" aria-live="polite">
        {checkedAuth && !isAuthenticated && <Alert severity="info">{t('chat.signInToChat')}</Alert>}
        {isAuthenticated && messages.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 3 }}>
            {t('chat.empty')}
          </Typography>
        )}
        {messages.map((m) => (
          <Box key={m.id} sx={{ py: 0.5, overflowWrap: 'anywhere' }}>
            <Typography variant="caption" color="text.secondary" sx={{ mr: 1 }}>
              {formatTime(m.createdAt)}
            </Typography>
            <Typography
              component="span"
              variant="body2"
              sx={{
                fontWeight: 700,
                // Your own name in gold: on white, a darker gold (the theme's #e0a526 is 2:1 there).
                color: (theme) =>
                  m.userId !== userInfo?.userId ? theme.palette.primary.main : theme.palette.mode === 'dark' ? theme.palette.secondary.main : '#8a5a00',
                mr: 0.75,
              }}
            >
              {m.username}
            </Typography>
            <Typography component="span" variant="body2">
              {m.text}
            </Typography>
          </Box>
        ))}
      </Box>
      {isAuthenticated && (
        <Box component="form" onSubmit={send} sx={{ display: 'flex', gap: 1, p: 1, borderTop: 1, borderColor: 'divider' }}>
          <Suspense fallback={<Box sx={{ flex: 1, height: 40 }} />}>
            <TextField
              size="small"
              fullWidth
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={canSend ? t('chat.placeholder') : t('chat.connecting')}
              disabled={!canSend}
              slotProps={{ htmlInput: { maxLength: CHAT_MAX_LENGTH, 'aria-label': t('chat.placeholder') } }}
            />
          </Suspense>
          <IconButton type="submit" color="primary" disabled={!canSend || !text.trim()} aria-label={t('chat.send')}>
            <SendIcon />
          </IconButton>
        </Box>
      )}
    </Paper>
  );
}
