// The member page's texts (issue 37), en, de and hi (issue 48): a table of its own instead of i18next and the
// admin app's locale files. The page is drawn on the server (issue 45, point 1), so the table lives
// here now. Taken over from the app's `memberPage` texts, with the few shared ones it used (a
// required field, a failed call) and the server sentences its API can answer (by their code; any
// other falls back to the generic sentence). German and Hindi must have every English key: the type
// says so, and texts.test.ts compares the key sets and placeholders.

const en = {
  title: 'My membership',
  loading: 'Loading your page…',
  dead: 'This link does not work (any more). Ask at the desk for a new one.',
  retry: 'Try again',
  active: 'Active',
  ended: 'Ended',
  validity: 'Validity',
  validTill: 'Valid till {{date}}',
  validFrom: 'since {{date}}',
  daysLeft_one: '{{count}} day left',
  daysLeft_other: '{{count}} days left',
  endsToday: 'Ends today',
  endedAgo_one: 'Ended {{count}} day ago',
  endedAgo_other: 'Ended {{count}} days ago',
  seat: 'Seat and hours',
  seatIn: 'Seat {{seat}} · {{room}}',
  noSeat: 'No seat assigned',
  window: '{{from}} – {{till}}',
  wholeDay: 'All day',
  nextDay: '(next day)',
  dues: 'Dues',
  nothingDue: 'Nothing due',
  pay: 'Pay by UPI',
  payDues: 'Pay dues',
  renew: 'Renew',
  renewFor: 'Renew: {{name}}',
  coversTill: 'Then valid till {{date}}',
  lateFine: 'incl. late fine {{amount}}',
  inclDues: 'incl. dues {{amount}}',
  openApp: 'Pay {{amount}} in a UPI app',
  showQr: 'Show QR code',
  hideQr: 'Hide QR code',
  qrAlt: 'UPI QR code for {{amount}}',
  reference: 'Reference {{reference}}',
  paid: 'Paid? Tell us',
  paidHelp: 'After paying, enter the 12-digit UTR (UPI transaction reference) your UPI app shows.',
  whichPayment: 'Payment',
  amount: 'Amount paid',
  utr: 'UTR (12 digits)',
  send: 'Send',
  sent: 'Thank you: the desk will confirm your payment.',
  claims: 'Your UPI payments',
  claimPending: 'Waiting for the desk',
  claimConfirmed: 'Confirmed',
  claimRejected: 'Not accepted',
  rejectedBecause: 'Reason: {{reason}}',
  receipts: 'Receipts',
  noReceipts: 'No receipts yet',
  openPdf: 'PDF',
  voided: 'void',
  attendance: 'Attendance, last 30 days',
  daysPresent_one: '{{count}} day',
  daysPresent_other: '{{count}} days',
  noAttendance: 'No visits in the last 30 days',
  wifi: 'WiFi sign-in',
  wifiUser: 'User name',
  wifiPin: 'PIN',
  wifiUsed: 'Data used',
  wifiAllowed: 'Data allowed',
  wifiUnlimited: 'No limit',
  wifiLeft: 'Data left',
  wifiTimeLeft: 'Time left',
  wifiDaysHours: '{{days}} d {{hours}} h',
  wifiHoursMinutes: '{{hours}} h {{minutes}} min',
  wifiUsedUp: 'The data of your package is used up; WiFi opens again when you renew.',
  show: 'Show',
  hide: 'Hide',
  required: 'Required',
  generic: 'An error occurred.',
  pause: 'Pause my membership',
  pauseHelp:
    'Away for a while? Ask for a pause: your validity moves on by the days once the library approves.',
  pauseFrom: 'First day',
  pauseDays: 'Days',
  pauseReason: 'Reason',
  pauseAsk: 'Ask for a pause',
  pauseAsked: 'Asked. The library approves or refuses it; your validity changes once approved.',
  pauseDaysHelp: 'Enter the number of days',
  pausesMine: 'Your pauses',
  pauseRange: '{{from}} to {{till}}',
  pauseWaiting: 'Waiting for the library',
  pauseApproved: 'Approved',
  pauseRefused: 'Not approved',
  pauseEnded: 'Ended early',
  myCode: 'My check-in code',
  myCodeHelp: 'Show this to the entrance screen. It changes every 30 seconds.',
  upiId: 'UPI id {{upiId}}',
  copy: 'Copy',
  copied: 'Copied',
  tooMany: 'Too many requests; try again later.',
  server_VALIDATION_FAILED: 'Check the amount and the 12-digit UTR.',
  server_PAUSE_TOO_SHORT: "This pause is too short for the library's rules.",
  server_PAUSE_YEAR_LIMIT: 'This is more pause days than the library allows in a year.',
  server_PAUSE_OUTSIDE_VALIDITY: 'A pause starts between today and the last day of your validity.',
  server_PAUSE_OVERLAPS: 'This overlaps a pause you have already.',
  server_TOO_MANY_REQUESTS: 'Too many requests; try again later.',
  server_UTR_ALREADY_CLAIMED: 'This UTR has been claimed already.',
  server_PAYMENTS_OFF: 'Payments are switched off for this organisation.',
  server_UPI_REFERENCE_UNKNOWN:
    'This is not a payment reference of your page; reload the page and pay again.',
  server_UPI_AMOUNT_ABOVE_REQUEST: 'The amount is more than the page asked for',
  seats: 'Choose your seat',
  seatsHelp:
    'Renewing? Choose a free seat for {{window}}: it is kept for you {{minutes}} minutes, and until the desk confirms your UPI payment.',
  seatsHelpAllDay:
    'Renewing? Choose a free seat: it is kept for you {{minutes}} minutes, and until the desk confirms your UPI payment.',
  seatsRoom: '{{room}}',
  seatFree: 'Seat {{seat}}, free',
  seatTaken: 'Seat {{seat}}, taken',
  seatYours: 'Seat {{seat}}, yours',
  seatHeld: 'Seat {{seat}}, kept for you',
  seatKept:
    'Seat {{seat}} of {{room}} is kept for you till {{time}}. Pay by UPI and send the UTR: it becomes yours when the desk confirms.',
  server_SEAT_JUST_TAKEN: 'Someone chose that seat a moment ago; please choose another.',
  server_SEAT_UNKNOWN: 'That seat cannot be chosen.',
};

export type TextKey = keyof typeof en;

const de: Record<TextKey, string> = {
  title: 'Meine Mitgliedschaft',
  loading: 'Ihre Seite wird geladen…',
  dead: 'Dieser Link funktioniert nicht (mehr). Fragen Sie am Empfang nach einem neuen.',
  retry: 'Erneut versuchen',
  active: 'Aktiv',
  ended: 'Abgelaufen',
  validity: 'Gültigkeit',
  validTill: 'Gültig bis {{date}}',
  validFrom: 'seit {{date}}',
  daysLeft_one: 'noch {{count}} Tag',
  daysLeft_other: 'noch {{count}} Tage',
  endsToday: 'Endet heute',
  endedAgo_one: 'Seit {{count}} Tag abgelaufen',
  endedAgo_other: 'Seit {{count}} Tagen abgelaufen',
  seat: 'Platz und Zeiten',
  seatIn: 'Platz {{seat}} · {{room}}',
  noSeat: 'Kein Platz zugewiesen',
  window: '{{from}} – {{till}}',
  wholeDay: 'Ganztägig',
  nextDay: '(Folgetag)',
  dues: 'Offener Betrag',
  nothingDue: 'Nichts offen',
  pay: 'Mit UPI zahlen',
  payDues: 'Offenen Betrag zahlen',
  renew: 'Verlängern',
  renewFor: 'Verlängern: {{name}}',
  coversTill: 'Dann gültig bis {{date}}',
  lateFine: 'inkl. Säumnisgebühr {{amount}}',
  inclDues: 'inkl. offener Betrag {{amount}}',
  openApp: '{{amount}} in einer UPI-App zahlen',
  showQr: 'QR-Code zeigen',
  hideQr: 'QR-Code ausblenden',
  qrAlt: 'UPI-QR-Code über {{amount}}',
  reference: 'Referenz {{reference}}',
  paid: 'Bezahlt? Sagen Sie es uns',
  paidHelp:
    'Geben Sie nach der Zahlung die 12-stellige UTR (UPI-Transaktionsreferenz) aus Ihrer UPI-App ein.',
  whichPayment: 'Zahlung',
  amount: 'Gezahlter Betrag',
  utr: 'UTR (12 Ziffern)',
  send: 'Senden',
  sent: 'Danke: der Empfang bestätigt Ihre Zahlung.',
  claims: 'Ihre UPI-Zahlungen',
  claimPending: 'Wartet auf den Empfang',
  claimConfirmed: 'Bestätigt',
  claimRejected: 'Nicht angenommen',
  rejectedBecause: 'Grund: {{reason}}',
  receipts: 'Quittungen',
  noReceipts: 'Noch keine Quittungen',
  openPdf: 'PDF',
  voided: 'storniert',
  attendance: 'Anwesenheit, letzte 30 Tage',
  daysPresent_one: '{{count}} Tag',
  daysPresent_other: '{{count}} Tage',
  noAttendance: 'Keine Besuche in den letzten 30 Tagen',
  wifi: 'WLAN-Anmeldung',
  wifiUser: 'Benutzername',
  wifiPin: 'PIN',
  wifiUsed: 'Verbrauchte Daten',
  wifiAllowed: 'Erlaubte Daten',
  wifiUnlimited: 'Unbegrenzt',
  wifiLeft: 'Verbleibende Daten',
  wifiTimeLeft: 'Verbleibende Zeit',
  wifiDaysHours: '{{days}} T. {{hours}} Std.',
  wifiHoursMinutes: '{{hours}} Std. {{minutes}} Min.',
  wifiUsedUp: 'Das Datenvolumen Ihres Pakets ist verbraucht; das WLAN öffnet wieder, wenn Sie verlängern.',
  show: 'Zeigen',
  hide: 'Ausblenden',
  required: 'Pflichtfeld',
  generic: 'Ein Fehler ist aufgetreten.',
  pause: 'Mitgliedschaft pausieren',
  pauseHelp:
    'Eine Weile weg? Bitten Sie um eine Pause: Ihre Gültigkeit verschiebt sich um die Tage, sobald die Bibliothek zustimmt.',
  pauseFrom: 'Erster Tag',
  pauseDays: 'Tage',
  pauseReason: 'Grund',
  pauseAsk: 'Pause beantragen',
  pauseAsked:
    'Beantragt. Die Bibliothek genehmigt oder lehnt ab; Ihre Gültigkeit ändert sich nach der Genehmigung.',
  pauseDaysHelp: 'Geben Sie die Zahl der Tage ein',
  pausesMine: 'Ihre Pausen',
  pauseRange: '{{from}} bis {{till}}',
  pauseWaiting: 'Wartet auf die Bibliothek',
  pauseApproved: 'Genehmigt',
  pauseRefused: 'Nicht genehmigt',
  pauseEnded: 'Vorzeitig beendet',
  myCode: 'Mein Check-in-Code',
  myCodeHelp: 'Zeigen Sie ihn am Bildschirm am Eingang. Er ändert sich alle 30 Sekunden.',
  upiId: 'UPI-ID {{upiId}}',
  copy: 'Kopieren',
  copied: 'Kopiert',
  tooMany: 'Zu viele Anfragen; versuchen Sie es später erneut.',
  server_VALIDATION_FAILED: 'Prüfen Sie den Betrag und die 12-stellige UTR.',
  server_PAUSE_TOO_SHORT: 'Diese Pause ist nach den Regeln der Bibliothek zu kurz.',
  server_PAUSE_YEAR_LIMIT: 'Das sind mehr Pausentage, als die Bibliothek im Jahr erlaubt.',
  server_PAUSE_OUTSIDE_VALIDITY: 'Eine Pause beginnt zwischen heute und dem letzten Tag Ihrer Gültigkeit.',
  server_PAUSE_OVERLAPS: 'Das überschneidet sich mit einer Pause, die Sie schon haben.',
  server_TOO_MANY_REQUESTS: 'Zu viele Anfragen; versuchen Sie es später erneut.',
  server_UTR_ALREADY_CLAIMED: 'Diese UTR wurde bereits gemeldet.',
  server_PAYMENTS_OFF: 'Zahlungen sind für diese Organisation ausgeschaltet.',
  server_UPI_REFERENCE_UNKNOWN:
    'Das ist keine Zahlungsreferenz Ihrer Seite; laden Sie die Seite neu und zahlen Sie erneut.',
  server_UPI_AMOUNT_ABOVE_REQUEST: 'Der Betrag ist höher als auf der Seite verlangt',
  seats: 'Platz wählen',
  seatsHelp:
    'Sie verlängern? Wählen Sie einen freien Platz für {{window}}: Er wird {{minutes}} Minuten für Sie reserviert, und bis der Empfang Ihre UPI-Zahlung bestätigt.',
  seatsHelpAllDay:
    'Sie verlängern? Wählen Sie einen freien Platz: Er wird {{minutes}} Minuten für Sie reserviert, und bis der Empfang Ihre UPI-Zahlung bestätigt.',
  seatsRoom: '{{room}}',
  seatFree: 'Platz {{seat}}, frei',
  seatTaken: 'Platz {{seat}}, belegt',
  seatYours: 'Platz {{seat}}, Ihrer',
  seatHeld: 'Platz {{seat}}, für Sie reserviert',
  seatKept:
    'Platz {{seat}} in {{room}} ist bis {{time}} für Sie reserviert. Zahlen Sie per UPI und senden Sie die UTR: Er wird Ihrer, sobald der Empfang bestätigt.',
  server_SEAT_JUST_TAKEN: 'Jemand hat diesen Platz gerade gewählt; bitte wählen Sie einen anderen.',
  server_SEAT_UNKNOWN: 'Dieser Platz kann nicht gewählt werden.',
};

/**
 * Hindi (issue 48), for a member reading on the phone: the glossary's words (docs/hindi-glossary.md:
 * सदस्यता, वैधता, बकाया, रसीद, नवीनीकरण, रोक, हाज़िरी), the respectful आप, codes and units in Latin
 * (UPI, UTR, QR, PIN, PDF, WiFi, GB). The desk is काउंटर, as the messages say it.
 */
const hi: Record<TextKey, string> = {
  title: 'मेरी सदस्यता',
  loading: 'आपका पेज खुल रहा है…',
  dead: 'यह लिंक (अब) काम नहीं करता। काउंटर पर नया लिंक माँगें।',
  retry: 'फिर कोशिश करें',
  active: 'सक्रिय',
  ended: 'खत्म',
  validity: 'वैधता',
  validTill: '{{date}} तक वैध',
  validFrom: '{{date}} से',
  daysLeft_one: 'बाकी {{count}} दिन',
  daysLeft_other: 'बाकी {{count}} दिन',
  endsToday: 'आज खत्म हो रही है',
  endedAgo_one: '{{count}} दिन पहले खत्म हुई',
  endedAgo_other: '{{count}} दिन पहले खत्म हुई',
  seat: 'सीट और समय',
  seatIn: 'सीट {{seat}} · {{room}}',
  noSeat: 'कोई सीट नहीं दी गई',
  window: '{{from}} – {{till}}',
  wholeDay: 'पूरा दिन',
  nextDay: '(अगले दिन)',
  dues: 'बकाया',
  nothingDue: 'कोई बकाया नहीं',
  pay: 'UPI से भुगतान',
  payDues: 'बकाया चुकाएँ',
  renew: 'नवीनीकरण',
  renewFor: 'नवीनीकरण: {{name}}',
  coversTill: 'फिर {{date}} तक वैध',
  lateFine: 'विलंब शुल्क {{amount}} सहित',
  inclDues: 'बकाया {{amount}} सहित',
  openApp: 'UPI ऐप में {{amount}} चुकाएँ',
  showQr: 'QR कोड दिखाएँ',
  hideQr: 'QR कोड छिपाएँ',
  qrAlt: '{{amount}} का UPI QR कोड',
  reference: 'संदर्भ {{reference}}',
  paid: 'भुगतान कर दिया? हमें बताएँ',
  paidHelp: 'भुगतान के बाद अपने UPI ऐप में दिखा 12 अंकों का UTR (UPI लेन-देन का संदर्भ) यहाँ लिखें।',
  whichPayment: 'भुगतान',
  amount: 'चुकाई गई राशि',
  utr: 'UTR (12 अंक)',
  send: 'भेजें',
  sent: 'धन्यवाद: काउंटर आपके भुगतान की पुष्टि करेगा।',
  claims: 'आपके UPI भुगतान',
  claimPending: 'काउंटर की पुष्टि बाकी',
  claimConfirmed: 'पुष्टि हुई',
  claimRejected: 'स्वीकार नहीं हुआ',
  rejectedBecause: 'कारण: {{reason}}',
  receipts: 'रसीदें',
  noReceipts: 'अभी कोई रसीद नहीं',
  openPdf: 'PDF',
  voided: 'रद्द',
  attendance: 'हाज़िरी, पिछले 30 दिन',
  daysPresent_one: '{{count}} दिन',
  daysPresent_other: '{{count}} दिन',
  noAttendance: 'पिछले 30 दिनों में कोई हाज़िरी नहीं',
  wifi: 'WiFi साइन-इन',
  wifiUser: 'यूज़र नेम',
  wifiPin: 'PIN',
  wifiUsed: 'इस्तेमाल हुआ डेटा',
  wifiAllowed: 'कुल डेटा',
  wifiUnlimited: 'कोई सीमा नहीं',
  wifiLeft: 'बाकी डेटा',
  wifiTimeLeft: 'बाकी समय',
  wifiDaysHours: '{{days}} दिन {{hours}} घंटे',
  wifiHoursMinutes: '{{hours}} घंटे {{minutes}} मिनट',
  wifiUsedUp: 'आपके पैकेज का डेटा खत्म हो गया है; नवीनीकरण के बाद WiFi फिर चलेगा।',
  show: 'दिखाएँ',
  hide: 'छिपाएँ',
  required: 'ज़रूरी',
  generic: 'कोई गड़बड़ी हुई।',
  pause: 'सदस्यता रोकें',
  pauseHelp: 'कुछ दिन बाहर हैं? रोक के लिए कहें: लाइब्रेरी के मंज़ूर करते ही आपकी वैधता उतने दिन आगे बढ़ जाएगी।',
  pauseFrom: 'पहला दिन',
  pauseDays: 'दिन',
  pauseReason: 'कारण',
  pauseAsk: 'रोक के लिए कहें',
  pauseAsked: 'अनुरोध भेज दिया। लाइब्रेरी इसे मंज़ूर या नामंज़ूर करेगी; मंज़ूर होने पर आपकी वैधता बदलेगी।',
  pauseDaysHelp: 'दिनों की संख्या लिखें',
  pausesMine: 'आपकी रोकें',
  pauseRange: '{{from}} से {{till}} तक',
  pauseWaiting: 'लाइब्रेरी के फ़ैसले का इंतज़ार',
  pauseApproved: 'मंज़ूर',
  pauseRefused: 'मंज़ूर नहीं',
  pauseEnded: 'समय से पहले खत्म',
  myCode: 'मेरा चेक-इन कोड',
  myCodeHelp: 'इसे प्रवेश स्क्रीन को दिखाएँ। यह हर 30 सेकंड में बदलता है।',
  upiId: 'UPI ID {{upiId}}',
  copy: 'कॉपी करें',
  copied: 'कॉपी हो गया',
  tooMany: 'बहुत ज़्यादा अनुरोध; थोड़ी देर बाद फिर कोशिश करें।',
  server_VALIDATION_FAILED: 'राशि और 12 अंकों का UTR जाँचें।',
  server_PAUSE_TOO_SHORT: 'लाइब्रेरी के नियमों के हिसाब से यह रोक बहुत छोटी है।',
  server_PAUSE_YEAR_LIMIT: 'यह लाइब्रेरी के एक साल में दिए जाने वाले रोक के दिनों से ज़्यादा है।',
  server_PAUSE_OUTSIDE_VALIDITY: 'रोक आज से लेकर आपकी वैधता के आखिरी दिन के बीच शुरू होती है।',
  server_PAUSE_OVERLAPS: 'यह आपकी पहले से ली गई रोक से टकराती है।',
  server_TOO_MANY_REQUESTS: 'बहुत ज़्यादा अनुरोध; थोड़ी देर बाद फिर कोशिश करें।',
  server_UTR_ALREADY_CLAIMED: 'इस UTR का दावा पहले ही हो चुका है।',
  server_PAYMENTS_OFF: 'इस संस्था में भुगतान बंद हैं।',
  server_UPI_REFERENCE_UNKNOWN: 'यह आपके पेज का भुगतान संदर्भ नहीं है; पेज फिर से खोलें और दोबारा भुगतान करें।',
  server_UPI_AMOUNT_ABOVE_REQUEST: 'राशि पेज पर माँगी गई राशि से ज़्यादा है',
  seats: 'अपनी सीट चुनें',
  seatsHelp:
    'नवीनीकरण कर रहे हैं? {{window}} के लिए खाली सीट चुनें: यह {{minutes}} मिनट तक, और काउंटर के आपके UPI भुगतान की पुष्टि करने तक, आपके लिए रखी जाएगी।',
  seatsHelpAllDay:
    'नवीनीकरण कर रहे हैं? खाली सीट चुनें: यह {{minutes}} मिनट तक, और काउंटर के आपके UPI भुगतान की पुष्टि करने तक, आपके लिए रखी जाएगी।',
  seatsRoom: '{{room}}',
  seatFree: 'सीट {{seat}}, खाली',
  seatTaken: 'सीट {{seat}}, भरी हुई',
  seatYours: 'सीट {{seat}}, आपकी',
  seatHeld: 'सीट {{seat}}, आपके लिए रखी गई',
  seatKept:
    '{{room}} की सीट {{seat}} {{time}} तक आपके लिए रखी गई है। UPI से भुगतान करें और UTR भेजें: काउंटर की पुष्टि होते ही यह आपकी हो जाएगी।',
  server_SEAT_JUST_TAKEN: 'किसी ने अभी-अभी यह सीट चुन ली; कृपया दूसरी चुनें।',
  server_SEAT_UNKNOWN: 'यह सीट नहीं चुनी जा सकती।',
};

export const texts = { en, de, hi } as const;

export type Language = keyof typeof texts;

/**
 * The page's language where no member is known (a dead link): the phone's first language that is
 * one of the page's (Accept-Language 'hi-IN,en;q=0.8' -> hi), else English.
 */
export const acceptedLanguage = (header: string | undefined): Language => {
  const first = (header ?? '').split(',')[0] ?? '';
  const code = first.trim().slice(0, 2).toLowerCase();
  return Object.hasOwn(texts, code) ? (code as Language) : 'en';
};

/**
 * What the member is shown for something the server said (its error code): the page's own text for
 * the codes its API answers with, else the generic sentence.
 */
export function saidOnPage(language: Language, code: string | undefined): string {
  const key = `server_${code ?? ''}`;
  return Object.hasOwn(texts.en, key) ? translate(language, key as Key) : translate(language, 'generic');
}

/** Keys written with `_one`/`_other` for a count, as the app's locale files have them. */
type PluralBase<K> = K extends `${infer B}_one` ? B : never;
export type Key = Exclude<TextKey, `${string}_one` | `${string}_other`> | PluralBase<TextKey>;

/**
 * A text in `language` with its `{{name}}` parameters filled in; with a `count`, the `_one` or
 * `_other` form (en, de and hi all have exactly these two).
 */
export function translate(
  language: Language,
  key: Key,
  params: Record<string, string | number> = {},
  number: (n: number) => string = String,
) {
  const table: Record<string, string> = texts[language];
  const plural = params.count === undefined ? undefined : params.count === 1 ? '_one' : '_other';
  const text = (plural && table[`${key}${plural}`]) ?? table[key] ?? key;
  // The text's own digits ('last 30 days') too, one by one; a placeholder's value is not touched here.
  const digits = number === String ? text : text.replace(/[0-9]/g, (d) => number(Number(d)));
  return digits.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    return typeof value === 'number' && countParams.has(name) ? number(value) : String(value ?? '');
  });
}

/**
 * The params that are counts, written with translate's `number` (the page's digits: Devanagari where
 * the organisation chose them, issue 48, point 2); a seat's number stays as the seat is labelled.
 */
const countParams = new Set(['count', 'days', 'hours', 'minutes']);
