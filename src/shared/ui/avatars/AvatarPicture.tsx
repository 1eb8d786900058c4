import { memo } from 'react';
import { isAvatarId, type AvatarId } from '../../avatars';
import { PICTOGRAMS } from './pictograms';

export interface AvatarPictureProps {
  id: AvatarId;
  /** Width and height in pixels. */
  size: number;
  /** A light ring around the disc (the table's seats have one). */
  ring?: boolean;
}

/**
 * One avatar of the set as an inline SVG: no image file, no request. Decorative (aria-hidden):
 * whatever shows it names the player or the choice in its own words.
 */
export const AvatarPicture = memo(function AvatarPicture({ id, size, ring = false }: AvatarPictureProps) {
  const p = PICTOGRAMS[id];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      data-avatar={id}
      style={{ display: 'block', flex: 'none', userSelect: 'none' }}
    >
      <circle cx="32" cy="32" r={ring ? 31 : 32} fill={p.disc} />
      {p.art}
      {ring && <circle cx="32" cy="32" r="31" fill="none" stroke="rgba(255,255,255,.85)" strokeWidth="2.4" />}
    </svg>
  );
});

/** The picture for a stored id, or null when there is none or it is not (or no longer) in the set. */
export function avatarOrNull(id: string | null | undefined): AvatarId | null {
  return isAvatarId(id) ? id : null;
}
