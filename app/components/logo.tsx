/** The club's mark: the bare summit of the Ventoux with its observatory mast, drawn for this site. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#ed1c24" />
      <path d="M5 36 L19 17 L24 22 L29 13 L43 36 Z" fill="#fff" />
      <path d="M29 13 L29 6 M27 8 L31 8" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <path d="M10 36 C16 31, 22 33, 27 27 S35 24, 38 36" fill="none" stroke="#ed1c24" strokeWidth="1.6" />
    </svg>
  );
}
