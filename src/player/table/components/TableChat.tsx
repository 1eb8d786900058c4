import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';
import type { ChatMessageData } from '../../../shared/protocol/server';
import type { TableConnection } from '../io/connection';
import type { TableApi } from '../io/tableApi';

const KEEP = 100;

/** One list by id (history and live frames can overlap), oldest first. */
export function mergeChat(a: ChatMessageData[], b: ChatMessageData[]): ChatMessageData[] {
  const byId = new Map<number, ChatMessageData>();
  for (const m of a) byId.set(m.id, m);
  for (const m of b) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.id - y.id).slice(-KEEP);
}

/** Table chat: the last messages from the history route on open, then CHAT_MESSAGE with this tableId, in and out. */
export function TableChat({ conn, tableId, canSend, api = null }: { conn: TableConnection; tableId: number; canSend: boolean; api?: TableApi | null }) {
  const { t } = useTranslation('table');
  const [messages, setMessages] = useState<ChatMessageData[]>([]);
  const [text, setText] = useState('');
  const [historyFailed, setHistoryFailed] = useState(false);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!api) return;
    let live = true;
    api.chatHistory(tableId).then(
      (items) => {
        if (live)
          setMessages((list) =>
            mergeChat(
              items.filter((m) => m.tableId === tableId),
              list,
            ),
          );
      },
      () => {
        if (live) setHistoryFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [api, tableId]);

  useEffect(
    () =>
      conn.on('CHAT_MESSAGE', (m) => {
        if (m.data.tableId !== tableId) return;
        setMessages((list) => mergeChat(list, [m.data]));
      }),
    [conn, tableId],
  );

  useEffect(() => {
    // Scrolls the list itself (scrollIntoView could move the fixed page around it).
    const box = end.current?.parentElement;
    if (box) box.scrollTop = box.scrollHeight;
  }, [messages]);

  const send = () => {
    const body = text.trim().slice(0, 300);
    if (!body || !canSend) return;
    if (conn.sendChat(body, tableId)) setText('');
  };

  return (
    <Box data-testid="table-chat" sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box role="log" aria-label={t('chat.title')} sx={{ flex: 1, overflowY: 'auto', px: 1, py: 0.5, fontSize: 13 }}>
        {historyFailed && <Box sx={{ opacity: 0.6 }}>{t('chat.historyFailed')}</Box>}
        {messages.length === 0 && <Box sx={{ opacity: 0.6 }}>{t('chat.empty')}</Box>}
        {messages.map((m) => (
          <div key={m.id}>
            <b>{m.username}:</b> {m.text}
          </div>
        ))}
        <div ref={end} />
      </Box>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
        sx={{ display: 'flex', gap: 0.5, p: 0.5 }}
      >
        <TextField
          size="small"
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          disabled={!canSend}
          placeholder={canSend ? t('chat.placeholder') : t('chat.signIn')}
          slotProps={{ htmlInput: { maxLength: 300, 'aria-label': t('chat.placeholder') } }}
        />
        <IconButton type="submit" aria-label={t('chat.send')} disabled={!canSend || !text.trim()}>
          <SendIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
