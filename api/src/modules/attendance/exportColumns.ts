import type { Visit, VisitFlag } from '@app/contract/attendance';
import { column, dateTimeText, type CsvTable, type Words } from '../../platform/csv.ts';
import { label } from '../../platform/csvWords.ts';

const flagWords: Record<VisitFlag, Words> = {
  outsideWindow: { en: 'Outside window', de: 'Außerhalb des Zeitfensters' },
  blocked: { en: 'Blocked member', de: 'Gesperrtes Mitglied' },
  unknownMember: { en: 'Not a member', de: 'Kein Mitglied' },
};

const sourceWords = {
  door: { en: 'Door device', de: 'Türgerät' },
  screen: { en: 'Entrance screen', de: 'Eingangsbildschirm' },
  staff: { en: 'Staff', de: 'Personal' },
} satisfies Record<Visit['source'], Words>;

const openVisit = {
  inside: { en: 'inside', de: 'anwesend' },
  cutOff: { en: 'closed at cut-off', de: 'zum Tagesschluss beendet' },
} satisfies Record<string, Words>;

/** Punch times on the branch's clock; the device clock as the device sent it. */
export const visitCsv: CsvTable<Visit> = {
  columns: [
    column.date({ en: 'Day', de: 'Tag' }, (v) => v.day),
    column.text(label.member, (v) => v.name),
    column.text({ en: 'Member no.', de: 'Mitgliedsnummer' }, (v) => v.userId),
    column.text({ en: 'PIN', de: 'PIN' }, (v) => v.pin),
    column.dateTime({ en: 'In', de: 'Kommen' }, (v) => v.inAt),
    {
      label: { en: 'Out', de: 'Gehen' },
      value: (v, s) =>
        v.outAt === null
          ? openVisit[v.inside ? 'inside' : 'cutOff'][s.lang]
          : dateTimeText(v.outAt, s.timeZone),
    },
    column.text({ en: 'Device', de: 'Gerät' }, (v) => v.deviceName),
    column.dateTime({ en: 'Device clock', de: 'Geräteuhr' }, (v) => v.deviceTime),
    column.dateTime({ en: 'Received', de: 'Empfangen' }, (v) => v.receivedAt),
    column.list({ en: 'Flags', de: 'Hinweise' }, (v, _names, lang) => v.flags.map((f) => flagWords[f][lang])),
    { label: { en: 'Source', de: 'Quelle' }, value: (v, s) => sourceWords[v.source][s.lang] },
  ],
};
