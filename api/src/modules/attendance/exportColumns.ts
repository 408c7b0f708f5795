import type { Visit, VisitFlag } from '@app/contract/attendance';
import { column, dateTimeText, type CsvTable, type Words } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';

const flagWords: Record<VisitFlag, Words> = {
  outsideWindow: { en: 'Outside window', de: 'Außerhalb des Zeitfensters', hi: 'समय से बाहर' },
  blocked: { en: 'Blocked member', de: 'Gesperrtes Mitglied', hi: 'रोका गया सदस्य' },
  unknownMember: { en: 'Not a member', de: 'Kein Mitglied', hi: 'सदस्य नहीं' },
};

const sourceWords = {
  door: { en: 'Door device', de: 'Türgerät', hi: 'दरवाज़े का डिवाइस' },
  screen: { en: 'Entrance screen', de: 'Eingangsbildschirm', hi: 'प्रवेश स्क्रीन' },
  staff: { en: 'Staff', de: 'Personal', hi: 'स्टाफ़' },
} satisfies Record<Visit['source'], Words>;

const openVisit = {
  inside: { en: 'inside', de: 'anwesend', hi: 'अंदर' },
  cutOff: { en: 'closed at cut-off', de: 'zum Tagesschluss beendet', hi: 'समय-सीमा पर बंद' },
} satisfies Record<string, Words>;

/** Punch times on the branch's clock; the device clock as the device sent it. */
export const visitCsv: CsvTable<Visit> = {
  columns: [
    column.date({ en: 'Day', de: 'Tag', hi: 'दिन' }, (v) => v.day),
    column.text(label.member, (v) => v.name),
    column.text({ en: 'Member no.', de: 'Mitgliedsnummer', hi: 'सदस्य संख्या' }, (v) => v.userId),
    column.text({ en: 'PIN', de: 'PIN', hi: 'PIN' }, (v) => v.pin),
    column.dateTime({ en: 'In', de: 'Kommen', hi: 'अंदर आए' }, (v) => v.inAt),
    {
      label: { en: 'Out', de: 'Gehen', hi: 'बाहर गए' },
      value: (v, s) =>
        v.outAt === null
          ? openVisit[v.inside ? 'inside' : 'cutOff'][s.lang]
          : dateTimeText(v.outAt, s.timeZone),
    },
    column.text({ en: 'Device', de: 'Gerät', hi: 'डिवाइस' }, (v) => v.deviceName),
    column.dateTime({ en: 'Device clock', de: 'Geräteuhr', hi: 'डिवाइस की घड़ी' }, (v) => v.deviceTime),
    column.dateTime({ en: 'Received', de: 'Empfangen', hi: 'सर्वर को मिला' }, (v) => v.receivedAt),
    column.list({ en: 'Flags', de: 'Hinweise', hi: 'निशान' }, (v, _names, lang) =>
      v.flags.map((f) => flagWords[f][lang]),
    ),
    { label: { en: 'Source', de: 'Quelle', hi: 'स्रोत' }, value: (v, s) => sourceWords[v.source][s.lang] },
  ],
};
