import type { NoteTag } from '../../shared/api/regulars';

export const NOTE_TAG_LIST: readonly NoteTag[] = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'];

/** The tags' colours: distinct from one another and from the felt, with a dark or light ring for either background. */
export const TAG_COLOURS: Record<NoteTag, string> = {
  red: '#e53935',
  orange: '#fb8c00',
  yellow: '#fdd835',
  green: '#43a047',
  blue: '#1e88e5',
  purple: '#8e24aa',
};
