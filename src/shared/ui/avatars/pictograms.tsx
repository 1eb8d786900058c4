// The pictures of the avatar set (src/shared/avatars.ts): each a small pictogram on a coloured
// disc, drawn in a 64 x 64 box. Light motifs on discs dark enough for them (at least 3:1, WCAG
// 1.4.11), and no text: the name a player reads comes from the locales (avatars.<id>).
import type { ReactElement } from 'react';
import type { AvatarId } from '../../avatars';

export interface Pictogram {
  /** The disc behind the motif. */
  disc: string;
  art: ReactElement;
}

const WHITE = '#fbf8f1';
const DARK = '#262626';

const mirror = (x: number) => 64 - x;

const horse = (
  <g>
    <path d="M36 9 L41 16 C48 20 52 32 50 53 L28 53 C29 45 30 40 27 36 C24 38 18 40 14 38.5 C11 37.5 10 34 12 31 L26 15 C29 12.5 33 12 36 9 Z" fill={WHITE} />
    <path d="M41 16 C46 20 49 29 48.5 40" fill="none" stroke="#c9a27a" strokeWidth="2.4" strokeLinecap="round" />
    <circle cx="27.5" cy="23.5" r="2.1" fill={DARK} />
    <circle cx="15" cy="33.5" r="1.2" fill={DARK} />
  </g>
);

const wing = (x: (v: number) => number) =>
  `M${x(28)} 31 C${x(22)} 25 ${x(14)} 20 ${x(5)} 19 L${x(10)} 24 L${x(7)} 26.5 L${x(13)} 29 L${x(10)} 32 L${x(17)} 33 L${x(15.5)} 36 L${x(27)} 38 Z`;
const eagle = (
  <g>
    <path d={wing((v) => v)} fill={WHITE} />
    <path d={wing(mirror)} fill={WHITE} />
    <path d="M27 45 L32 55 L37 45 Z" fill={WHITE} />
    <ellipse cx="32" cy="36" rx="6" ry="11" fill={WHITE} />
    <circle cx="32" cy="21.5" r="5.5" fill={WHITE} />
    <path d="M31 23 L37.5 24.5 L32 27.5 Z" fill="#f2b233" />
    <circle cx="30.2" cy="20.5" r="1.2" fill={DARK} />
  </g>
);

const spot = (cx: number, cy: number, r: number) => <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} fill="none" stroke="#4a5560" strokeWidth="1.4" />;
const leopard = (
  <g>
    <circle cx="19.5" cy="21" r="6.5" fill={WHITE} />
    <circle cx="44.5" cy="21" r="6.5" fill={WHITE} />
    <circle cx="19.5" cy="21" r="3" fill="#9aa7b3" />
    <circle cx="44.5" cy="21" r="3" fill="#9aa7b3" />
    <ellipse cx="32" cy="35" rx="17.5" ry="16.5" fill={WHITE} />
    {[spot(32, 23, 2.2), spot(25.5, 25, 1.6), spot(38.5, 25, 1.6), spot(19.5, 33, 1.6), spot(44.5, 33, 1.6), spot(20, 41, 1.4), spot(44, 41, 1.4)]}
    <ellipse cx="25.5" cy="33" rx="3.2" ry="2.4" fill="#6f9a86" />
    <ellipse cx="38.5" cy="33" rx="3.2" ry="2.4" fill="#6f9a86" />
    <ellipse cx="25.5" cy="33" rx="1" ry="2" fill={DARK} />
    <ellipse cx="38.5" cy="33" rx="1" ry="2" fill={DARK} />
    <path d="M29 40 L35 40 L32 43.5 Z" fill="#c98282" />
    <path d="M32 43.5 L32 46 M32 46 C30.5 48 28 48 27 46.5 M32 46 C33.5 48 36 48 37 46.5" fill="none" stroke={DARK} strokeWidth="1.3" strokeLinecap="round" />
  </g>
);

const yakHorn = (x: (v: number) => number) => `M${x(23)} 25 C${x(15)} 25 ${x(11)} 21 ${x(12.5)} 13`;
const yak = (
  <g>
    <path d={yakHorn((v) => v)} fill="none" stroke={WHITE} strokeWidth="4.2" strokeLinecap="round" />
    <path d={yakHorn(mirror)} fill="none" stroke={WHITE} strokeWidth="4.2" strokeLinecap="round" />
    <path d="M19 25 Q32 17 45 25 L43 44 Q39 55 32 55 Q25 55 21 44 Z" fill="#eadcc6" />
    <path
      d="M21 27 Q26 32 24 38 M27 24 Q30 30 28 35 M37 24 Q34 30 36 35 M43 27 Q38 32 40 38"
      fill="none"
      stroke="#b59a78"
      strokeWidth="2"
      strokeLinecap="round"
    />
    <circle cx="25" cy="38.5" r="1.7" fill={DARK} />
    <circle cx="39" cy="38.5" r="1.7" fill={DARK} />
    <ellipse cx="32" cy="49" rx="7" ry="4.5" fill="#c8b093" />
    <circle cx="29.3" cy="49" r="1.3" fill={DARK} />
    <circle cx="34.7" cy="49" r="1.3" fill={DARK} />
  </g>
);

const camel = (
  <g>
    <path
      d="M8 24 C8 20 12 18 17 19 C20 20 21 26 22 30 C23 21 32 18 34 28 C36 18 46 18 47 30 C51 31 54 34 54 38 C54 42 52 44 50 44 L24 44 C21 44 20 41 20 38 C20 34 17 30 14 28 L10 28 C8 28 7 26 8 24 Z"
      fill={WHITE}
    />
    <path d="M24.5 42 L23.5 54 M28.5 42 L28.5 54 M44.5 42 L44.5 54 M49 42 L50 54" fill="none" stroke={WHITE} strokeWidth="3.4" strokeLinecap="round" />
    <path d="M54 36 Q57 40 56 45" fill="none" stroke={WHITE} strokeWidth="1.8" strokeLinecap="round" />
    <circle cx="13.5" cy="22" r="1.2" fill={DARK} />
  </g>
);

const wolfEar = (x: (v: number) => number) => `M${x(14)} 9 L${x(26)} 21 L${x(15)} 28 Z`;
const wolf = (
  <g>
    <path d={wolfEar((v) => v)} fill="#c9d1dc" />
    <path d={wolfEar(mirror)} fill="#c9d1dc" />
    <path d="M16.5 14 L22 20 L17 23.5 Z M47.5 14 L42 20 L47 23.5 Z" fill="#5d6673" />
    <path d="M15 23 L32 19 L49 23 L53 34 L41 44 L32 56 L23 44 L11 34 Z" fill="#c9d1dc" />
    <path d="M25 39 L32 35 L39 39 L36 48 L32 56 L28 48 Z M11 34 L21 36 L23 44 Z M53 34 L43 36 L41 44 Z" fill={WHITE} />
    <path d="M22 31 L28 32.5 L23.5 34 Z M42 31 L36 32.5 L40.5 34 Z" fill={DARK} />
    <path d="M29.5 50.5 L34.5 50.5 L32 54 Z" fill={DARK} />
  </g>
);

const ger = (
  <g>
    <rect x="14" y="33" width="36" height="18" rx="1.5" fill={WHITE} />
    <path d="M10 36 Q32 10 54 36 Z" fill={WHITE} />
    <path d="M13 36 L51 36" stroke="#e0b84a" strokeWidth="2" />
    <path d="M14 42 L28 42 M36 42 L50 42" stroke="#e0b84a" strokeWidth="1.6" />
    <rect x="28.5" y="20.6" width="7" height="3" rx="1" fill="#e0b84a" />
    <rect x="27.5" y="38.5" width="9" height="12.5" rx="1" fill="#f2b233" />
    <path d="M32 39.5 L32 50" stroke="#a8321f" strokeWidth="1.3" />
  </g>
);

const sun = (
  <g>
    {[0, 45, 90, 135, 180, 225, 270, 315].map((deg) => (
      <line key={deg} x1="32" y1="14" x2="32" y2="8" stroke="#ffd54f" strokeWidth="4" strokeLinecap="round" transform={`rotate(${deg} 32 32)`} />
    ))}
    <circle cx="32" cy="32" r="11.5" fill="#ffd54f" />
  </g>
);

const moon = (
  <g>
    <circle cx="29" cy="33" r="17" fill="#fff1bd" />
    <circle cx="38" cy="27" r="15" fill="hsl(240 45% 22%)" />
    <circle cx="46" cy="42" r="1.8" fill="#fff1bd" />
    <circle cx="49" cy="30" r="1.2" fill="#fff1bd" />
    <circle cx="40" cy="51" r="1.2" fill="#fff1bd" />
  </g>
);

const mountain = (
  <g>
    <path d="M28 48 L44 23 L57 48 Z" fill="#a9c8da" />
    <path d="M7 48 L26 13 L47 48 Z" fill="#e3edf3" />
    <path d="M26 13 L32.9 24.5 L29.5 22.5 L26 26.5 L22.5 22.5 L19.8 24.5 Z M44 23 L47.7 30.2 L45.8 29 L43.5 31.5 L41.5 29 L39.4 30.2 Z" fill={WHITE} />
    <path d="M9 48 L55 48" stroke={WHITE} strokeWidth="2.4" strokeLinecap="round" />
  </g>
);

const antler = (x: (v: number) => number) => `M${x(28.5)} 27 C${x(26)} 20 ${x(22)} 15 ${x(16)} 9 M${x(24.5)} 19 L${x(16.5)} 18.5 M${x(21)} 14 L${x(22)} 7.5`;
const deer = (
  <g>
    <path d={antler((v) => v)} fill="none" stroke={WHITE} strokeWidth="3" strokeLinecap="round" />
    <path d={antler(mirror)} fill="none" stroke={WHITE} strokeWidth="3" strokeLinecap="round" />
    <ellipse cx="21" cy="33" rx="6" ry="3.2" transform="rotate(-25 21 33)" fill="#e6d2b5" />
    <ellipse cx="43" cy="33" rx="6" ry="3.2" transform="rotate(25 43 33)" fill="#e6d2b5" />
    <path d="M24 30 Q32 24 40 30 L37 48 Q32 56 27 48 Z" fill="#f0e2cc" />
    <circle cx="28" cy="36" r="1.6" fill={DARK} />
    <circle cx="36" cy="36" r="1.6" fill={DARK} />
    <ellipse cx="32" cy="50" rx="3" ry="2.2" fill={DARK} />
  </g>
);

const foxEar = (x: (v: number) => number) => `M${x(13)} 10 L${x(27)} 23 L${x(13)} 28 Z`;
const fox = (
  <g>
    <path d={foxEar((v) => v)} fill="#f08a24" />
    <path d={foxEar(mirror)} fill="#f08a24" />
    <path d="M15.5 15.5 L23 22.5 L15.5 25 Z M48.5 15.5 L41 22.5 L48.5 25 Z" fill="#5a2a14" />
    <path d="M12 25 L32 21 L52 25 L46 40 L32 54 L18 40 Z" fill="#f08a24" />
    <path d="M12 25 L27 39 L32 54 L18 40 Z M52 25 L37 39 L32 54 L46 40 Z" fill={WHITE} />
    <ellipse cx="25" cy="32" rx="1.8" ry="2.2" fill={DARK} />
    <ellipse cx="39" cy="32" rx="1.8" ry="2.2" fill={DARK} />
    <path d="M29.5 49.5 L34.5 49.5 L32 53.5 Z" fill={DARK} />
  </g>
);

export const PICTOGRAMS: Record<AvatarId, Pictogram> = {
  horse: { disc: 'hsl(25 55% 30%)', art: horse },
  eagle: { disc: 'hsl(185 55% 24%)', art: eagle },
  leopard: { disc: 'hsl(275 25% 32%)', art: leopard },
  yak: { disc: 'hsl(140 35% 25%)', art: yak },
  camel: { disc: 'hsl(42 60% 27%)', art: camel },
  wolf: { disc: 'hsl(225 22% 30%)', art: wolf },
  ger: { disc: 'hsl(355 55% 33%)', art: ger },
  sun: { disc: 'hsl(215 60% 36%)', art: sun },
  moon: { disc: 'hsl(240 45% 22%)', art: moon },
  mountain: { disc: 'hsl(200 65% 28%)', art: mountain },
  deer: { disc: 'hsl(95 30% 25%)', art: deer },
  fox: { disc: 'hsl(320 30% 26%)', art: fox },
};
