/** The room's mark: a gold chip with a spade. Inline SVG, no request. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="#e0a526" />
      <circle cx="32" cy="32" r="22" fill="#0b7a4b" />
      {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => (
        <rect key={a} x="29" y="2" width="6" height="9" rx="1.5" fill="#fff7e0" transform={`rotate(${a} 32 32)`} />
      ))}
      <path d="M32 18c-4 6-12 9.5-12 16a6.5 6.5 0 0 0 10.5 5.1L28 46h8l-2.5-6.9A6.5 6.5 0 0 0 44 34c0-6.5-8-10-12-16z" fill="#fff7e0" />
    </svg>
  );
}
