/** The product's mark (rising bars in a rounded square), used on sign-in and as a logo fallback. */
export function ProductMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="sd-mark-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1677ff" />
          <stop offset="1" stopColor="#13c2c2" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#sd-mark-gradient)" />
      <g fill="none" stroke="#fff" strokeWidth="4.5" strokeLinecap="round">
        <path d="M17 45V31M27 45V22M37 45V35M47 45V18" />
      </g>
    </svg>
  );
}
