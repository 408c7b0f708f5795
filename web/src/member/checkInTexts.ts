// The check-in's texts on a member's phone (issue 47), en and de, apart from texts.ts so the member
// page's own table stays as it is. Reasons are the API's (contract/kiosk.ts).
import type { CheckInRefusal, CheckInResult } from '@app/contract/kiosk';
import { phoneDate } from './useMemberFormat';

/** The check-in page's languages: the member page's (drawn on the server, issue 45). */
export type Language = 'en' | 'de';

/** The phone's language, when it is German; else English. */
export const phoneLanguage = (): Language =>
  typeof navigator !== 'undefined' && navigator.language.toLowerCase().startsWith('de') ? 'de' : 'en';

const en = {
  checkInTitle: 'Check-in',
  checkingIn: 'Checking you in…',
  noLink:
    'Open your member page on this phone once (the link the library sent you), then scan the entrance screen again.',
  welcome: 'Welcome, {{name}}',
  goodbye: 'Goodbye, {{name}}',
  seat: 'seat {{seat}}',
  till: 'till {{time}}',
  refusedTitle: 'Not checked in',
  toMyPage: 'My page',
  failed: 'The check-in did not go through. Try again.',
  validityEnded: 'Your validity ended on {{date}}.',
  deactivated: 'Your membership is switched off. Please ask at the desk.',
  paused: 'Your membership is paused today.',
  outsideWindow: 'Outside your shift {{window}}.',
  dues: 'Your dues are above the branch’s limit. Please pay at the desk.',
  alreadyInside: 'You are already inside.',
  otherBranch: 'This entrance is another branch’s.',
  codeExpired: 'The code is too old. Scan the screen again.',
  codeInvalid: 'This code is not valid here.',
  codeUsed: 'This code was used already. Scan the screen again.',
  notMember: 'Not a member here.',
} satisfies Record<string, string>;
type CheckInKey = keyof typeof en;

const de: Record<CheckInKey, string> = {
  checkInTitle: 'Check-in',
  checkingIn: 'Du wirst eingecheckt…',
  noLink:
    'Öffne deine Mitgliederseite einmal auf diesem Handy (den Link, den dir die Bibliothek geschickt hat), dann scanne den Eingangsbildschirm erneut.',
  welcome: 'Willkommen, {{name}}',
  goodbye: 'Auf Wiedersehen, {{name}}',
  seat: 'Platz {{seat}}',
  till: 'bis {{time}}',
  refusedTitle: 'Nicht eingecheckt',
  toMyPage: 'Meine Seite',
  failed: 'Das Einchecken hat nicht geklappt. Bitte erneut versuchen.',
  validityEnded: 'Deine Gültigkeit endete am {{date}}.',
  deactivated: 'Deine Mitgliedschaft ist ausgeschaltet. Bitte frag am Empfang.',
  paused: 'Deine Mitgliedschaft ist heute pausiert.',
  outsideWindow: 'Außerhalb deiner Schicht {{window}}.',
  dues: 'Deine offenen Beträge liegen über der Grenze der Filiale. Bitte zahle am Empfang.',
  alreadyInside: 'Du bist schon drinnen.',
  otherBranch: 'Dieser Eingang gehört zu einer anderen Filiale.',
  codeExpired: 'Der Code ist zu alt. Scanne den Bildschirm erneut.',
  codeInvalid: 'Dieser Code gilt hier nicht.',
  codeUsed: 'Dieser Code wurde schon benutzt. Scanne den Bildschirm erneut.',
  notMember: 'Hier kein Mitglied.',
};

export function checkInText(language: Language, key: CheckInKey, params: Record<string, string> = {}) {
  const table = language === 'de' ? de : en;
  return table[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}

/** The date as the phone writes it in the language (validity's end). */
const dateText = (language: Language, iso: string) => phoneDate(language, iso);

/** The result's line: welcome with seat and time, goodbye, or the reason in the member's words. */
export function resultLine(language: Language, r: CheckInResult): string {
  if (r.result === 'refused') {
    const reason: CheckInRefusal = r.reason ?? 'codeInvalid';
    return checkInText(language, reason, {
      date: r.validTill ? dateText(language, r.validTill) : '',
      window: r.window ?? '',
    });
  }
  const name = r.firstName ?? '';
  if (r.result === 'out') return checkInText(language, 'goodbye', { name });
  return [
    checkInText(language, 'welcome', { name }),
    r.seat && checkInText(language, 'seat', { seat: r.seat }),
    r.until && checkInText(language, 'till', { time: r.until }),
  ]
    .filter(Boolean)
    .join(' · ');
}
