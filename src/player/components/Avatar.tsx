import { memo } from 'react';
import { AvatarPicture, avatarOrNull } from '../../shared/ui/avatars';

// A colour per name, so players are told apart at a glance without pictures. Dark enough for the
// white initials on every hue (at least 4.5:1, WCAG AA for small text).
const HUES = [4, 30, 48, 88, 150, 178, 200, 222, 262, 292, 330];
export function avatarColour(name: string): string {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  return `hsl(${HUES[h % HUES.length]} 55% 32%)`;
}

export function initials(name: string): string {
  const parts = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (parts.length === 0) return '?';
  if (parts.length === 1) return parts[0].slice(0, 2).toUpperCase();
  return (parts[0][0] + parts[1][0]).toUpperCase();
}

/**
 * A seat's picture: the avatar the player chose (src/shared/avatars.ts), else (none, a bot, an id
 * no longer in the set) their initials on a colour of their name.
 */
export const Avatar = memo(function Avatar({ name, size, avatar }: { name: string; size: number; avatar?: string | null }) {
  const picture = avatarOrNull(avatar);
  if (picture) return <AvatarPicture id={picture} size={size} ring />;
  return (
    <div
      aria-hidden="true"
      data-avatar="initials"
      style={{
        width: size,
        height: size,
        borderRadius: '50%',
        background: avatarColour(name),
        color: '#fff',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 700,
        fontSize: size * 0.38,
        border: '2px solid rgba(255,255,255,.85)',
        boxSizing: 'border-box',
        userSelect: 'none',
      }}
    >
      {initials(name)}
    </div>
  );
});
