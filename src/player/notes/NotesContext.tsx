import { createContext, useContext, type ReactNode } from 'react';
import { useAuth } from '../auth/AuthContext';

// Notes and colour tags on opponents (issue 33): the player's own, kept on the server, shown on the
// opponent's seat at every table and in the replayers. The shell turns them on for a signed-in
// player (this file is all the first page carries); the list is fetched by the first seat or
// replayer that shows one (useNotes.ts), never by the lobby.

const NotesOn = createContext(false);

export function NotesProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  return <NotesOn.Provider value={enabled}>{children}</NotesOn.Provider>;
}

/** Notes on for the signed-in player (inside the shell's AuthProvider). */
export function SessionNotes({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  return <NotesProvider enabled={isAuthenticated}>{children}</NotesProvider>;
}

export const useNotesOn = () => useContext(NotesOn);
