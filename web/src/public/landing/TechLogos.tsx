import type { ReactNode } from 'react';

/*
 * Simple drawn marks for the technology section. Inline SVG keeps them inside the page's
 * content security policy (img-src 'self' data:) and tinted for light and dark mode.
 * They are sketches in each project's colours, not the projects' official logo files.
 */

function Mark({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden focusable="false">
      {children}
    </svg>
  );
}

export function ReactMark() {
  return (
    <Mark>
      <g fill="none" stroke="#149ECA" strokeWidth="3">
        <ellipse cx="32" cy="32" rx="27" ry="10.5" />
        <ellipse cx="32" cy="32" rx="27" ry="10.5" transform="rotate(60 32 32)" />
        <ellipse cx="32" cy="32" rx="27" ry="10.5" transform="rotate(120 32 32)" />
      </g>
      <circle cx="32" cy="32" r="5" fill="#149ECA" />
    </Mark>
  );
}

export function MuiMark() {
  return (
    <Mark>
      <path d="M6 14 L20 22 V50 L6 42 Z" fill="#007FFF" />
      <path d="M22 22 L36 14 V30 L29 34 L22 30 Z" fill="#0059B2" />
      <path d="M38 22 L52 14 V42 L38 50 Z" fill="#007FFF" />
      <path d="M54 30 L60 26 V40 L54 44 Z" fill="#66B2FF" />
    </Mark>
  );
}

export function FastifyMark() {
  return (
    <Mark>
      <rect x="4" y="10" width="56" height="44" rx="10" fill="#1F1F1F" />
      <path d="M14 44 L28 20 H50 L46 27 H33 L31 31 H43 L39 38 H27 L24 44 Z" fill="#FFFFFF" />
    </Mark>
  );
}

export function PostgresMark() {
  return (
    <Mark>
      <ellipse cx="32" cy="14" rx="22" ry="8" fill="#336791" />
      <path
        d="M10 14 V48 C10 53 20 57 32 57 C44 57 54 53 54 48 V14 C54 19 44 22 32 22 C20 22 10 19 10 14 Z"
        fill="#336791"
      />
      <path
        d="M10 27 C10 32 20 35 32 35 C44 35 54 32 54 27"
        fill="none"
        stroke="#FFFFFF"
        strokeWidth="2"
        opacity="0.8"
      />
      <path
        d="M10 39 C10 44 20 47 32 47 C44 47 54 44 54 39"
        fill="none"
        stroke="#FFFFFF"
        strokeWidth="2"
        opacity="0.8"
      />
      <ellipse cx="32" cy="14" rx="16" ry="4.5" fill="#5A8BB8" />
    </Mark>
  );
}

export function TypeScriptMark() {
  return (
    <Mark>
      <rect x="6" y="6" width="52" height="52" rx="6" fill="#3178C6" />
      <text
        x="53"
        y="52"
        textAnchor="end"
        fontFamily="Arial, Helvetica, sans-serif"
        fontWeight="700"
        fontSize="24"
        fill="#FFFFFF"
      >
        TS
      </text>
    </Mark>
  );
}
