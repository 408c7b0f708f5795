// The member page as HTML (issue 45, point 1): React on the server (renderToStaticMarkup), the
// stylesheet inlined with the organisation's palette in light and dark, and the enhancing script.
import { createHash } from 'node:crypto';
import { renderToStaticMarkup } from 'react-dom/server';
import { memberColourProperties, memberPageColours } from '@app/contract/memberPageColours';
import { memberPageCss, minifiedCss } from '@app/contract/memberPageStyle';
import { defaultMemberPalette, palettePrimary, type PaletteKey } from '@app/contract/palettes';
import type { PortalSummary } from '@app/contract/portal';
import { enhanceScript, forgetScript } from './enhance.ts';
import { devanagariFontFace } from './fontRoute.ts';
import { MemberDocument, MemberPage, MessagePage, type PageExtras } from './MemberPage.tsx';
import { texts, translate, type Language } from './texts.ts';

const css = minifiedCss(memberPageCss);
const script = enhanceScript.replace(/\n/g, '');
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** The pages' scripts' hashes for their Content-Security-Policy (script-src 'self' allows no inline one). */
export const scriptHashes = `${hash(script)} ${hash(forgetScript)}`;

const styles = new Map<PaletteKey, string>();
/** The stylesheet with a palette's colours, light and the phone's dark mode; made once per palette. */
function styleOf(palette: PaletteKey): string {
  let style = styles.get(palette);
  if (style === undefined) {
    const colours = memberPageColours[palette] ?? memberPageColours[defaultMemberPalette];
    style =
      `:root{${memberColourProperties(colours.light)};color-scheme:light dark}` +
      `@media(prefers-color-scheme:dark){:root{${memberColourProperties(colours.dark)}}}` +
      devanagariFontFace +
      css;
    styles.set(palette, style);
  }
  return style;
}

const doctype = '<!doctype html>';

/** A live link's page. */
export function memberPageHtml(summary: PortalSummary, extras: PageExtras): string {
  // The member's own language (issue 48): the page's texts, its <html lang>, dates and numbers.
  const language: Language = Object.hasOwn(texts, summary.language) ? summary.language : 'en';
  const palette = summary.organisation.palette;
  return (
    doctype +
    renderToStaticMarkup(
      <MemberDocument
        language={language}
        title={`${summary.member.name} · ${translate(language, 'title')}`}
        themeColor={palettePrimary[palette] ?? palettePrimary[defaultMemberPalette]}
        style={styleOf(palette)}
        script={script}
        token={extras.token}
      >
        <MemberPage language={language} summary={summary} extras={extras} />
      </MemberDocument>,
    )
  );
}

/** A page of one sentence (a dead link, too many requests, a failure), in the product's palette. */
export function messagePageHtml(language: Language, key: 'dead' | 'tooMany' | 'generic'): string {
  return (
    doctype +
    renderToStaticMarkup(
      <MemberDocument
        language={language}
        title={translate(language, 'title')}
        themeColor={palettePrimary[defaultMemberPalette]}
        style={styleOf(defaultMemberPalette)}
        script={key === 'dead' ? forgetScript : null}
        token={null}
      >
        <MessagePage text={translate(language, key)} />
      </MemberDocument>,
    )
  );
}
