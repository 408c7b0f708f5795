/**
 * A bookshelf under WiFi arcs, drawn inline so the page needs no image request. Plain SVG in the
 * colours it is given (primary.contrastText and secondary.main), so the MUI auth pages and the
 * sign-in page without MUI draw the same picture.
 */
export function AuthIllustration({
  size = 280,
  ink,
  accent,
}: {
  size?: number;
  ink: string;
  accent: string;
}) {
  const books = [
    { x: 40, w: 22, h: 92, c: accent },
    { x: 64, w: 16, h: 80, c: ink },
    { x: 82, w: 26, h: 100, c: accent },
    { x: 110, w: 18, h: 86, c: ink },
    { x: 146, w: 22, h: 96, c: ink },
    { x: 170, w: 28, h: 84, c: accent },
    { x: 200, w: 16, h: 100, c: ink },
  ];
  return (
    <svg
      viewBox="0 0 260 260"
      aria-hidden="true"
      style={{ width: size, maxWidth: '100%', height: 'auto', display: 'block' }}
    >
      <g fill="none" stroke={ink} strokeWidth="8" strokeLinecap="round" opacity="0.9">
        <path d="M86 62a62 62 0 0 1 88 0" />
        <path d="M102 78a38 38 0 0 1 56 0" />
      </g>
      <circle cx="130" cy="94" r="7" fill={ink} />
      {books.map((book) => (
        <rect
          key={book.x}
          x={book.x}
          y={222 - book.h}
          width={book.w}
          height={book.h}
          rx="3"
          fill={book.c}
          opacity={book.c === ink ? 0.85 : 1}
        />
      ))}
      <rect x="130" y="150" width="14" height="72" rx="3" transform="rotate(-14 137 222)" fill={accent} />
      <rect x="24" y="222" width="212" height="10" rx="5" fill={ink} />
    </svg>
  );
}
