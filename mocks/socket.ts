// The global part of the socket for `npm run dev:mock`: chat echoed to everyone, the jackpot
// growing now and then, lobby seat counts (LOBBY_UPDATE) moving. (The real socket is the server's; component tests inject a fake.)
import { ws } from 'msw';
import type { MockState } from './state';

export function createSocketHandler(state: MockState) {
  const socket = ws.link('*/api/v1/socket');
  return socket.addEventListener('connection', ({ client }) => {
    let userId: number | null = null;
    const timer = setInterval(() => {
      state.jackpot += 500 + Math.floor(Math.random() * 5000);
      client.send(JSON.stringify({ type: 'GAME', action: 'JACKPOT_UPDATE', amount: state.jackpot }));
    }, 8000);
    // A player sits down or stands up somewhere now and then: the lobby's count moves live.
    const lobby = setInterval(() => {
      const open = state.tables.filter((t) => t.status === 'open');
      if (open.length === 0) return;
      const i = state.tables.indexOf(open[Math.floor(Math.random() * open.length)]);
      const t = state.tables[i];
      const players = Math.max(0, Math.min(t.maxPlayers, t.players + (Math.random() < 0.5 ? -1 : 1)));
      if (players === t.players) return;
      state.tables[i] = { ...t, players };
      client.send(JSON.stringify({ type: 'GAME', action: 'LOBBY_UPDATE', tableId: t.tableId, players }));
    }, 6000);
    client.addEventListener('close', () => {
      clearInterval(timer);
      clearInterval(lobby);
    });
    client.addEventListener('message', (event) => {
      let msg: { type?: string; token?: string; data?: { text?: string } };
      try {
        msg = JSON.parse(String(event.data));
      } catch {
        client.send(JSON.stringify({ type: 'ERROR', code: 'BAD_JSON', message: 'Frame is not valid JSON' }));
        return;
      }
      if (msg.type === 'AUTH' && msg.token) {
        userId = state.tokens.get(msg.token) ?? null;
        if (userId === null) client.send(JSON.stringify({ type: 'ERROR', code: 'UNAUTHORIZED', message: 'Bad token' }));
      } else if (msg.type === 'CHAT_MESSAGE' && userId !== null && msg.data?.text) {
        const user = state.users.find((u) => u.me.userId === userId);
        const data = {
          id: state.nextId++,
          userId,
          username: user?.me.username ?? '?',
          text: msg.data.text.trim().slice(0, 300),
          tableId: null,
          createdAt: new Date().toISOString(),
        };
        state.chat.push(data);
        socket.broadcast(JSON.stringify({ type: 'CHAT_MESSAGE', data }));
      }
    });
  });
}
