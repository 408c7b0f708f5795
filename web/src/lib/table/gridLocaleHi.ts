import type { GridLocaleText } from '@mui/x-data-grid';

/**
 * The Data Grid's own words in Hindi: MUI X ships no hiIN (MUI core does), so these are the texts
 * this app's grids can show (no filter panel: filtering is the toolbar's, issue 48). The glossary's
 * words (docs/hindi-glossary.md).
 */
export const gridLocaleHi: Partial<GridLocaleText> = {
  noRowsLabel: 'कोई पंक्ति नहीं',
  noResultsOverlayLabel: 'कुछ नहीं मिला।',
  noColumnsOverlayLabel: 'कोई कॉलम नहीं',
  noColumnsOverlayManageColumns: 'कॉलम चुनें',
  toolbarColumns: 'कॉलम',
  toolbarColumnsLabel: 'कॉलम चुनें',
  toolbarDensity: 'पंक्ति की ऊँचाई',
  toolbarDensityLabel: 'पंक्ति की ऊँचाई',
  toolbarDensityCompact: 'छोटी',
  toolbarDensityStandard: 'सामान्य',
  toolbarDensityComfortable: 'खुली',
  toolbarQuickFilterPlaceholder: 'खोजें…',
  toolbarQuickFilterLabel: 'खोजें',
  toolbarQuickFilterDeleteIconLabel: 'हटाएँ',
  columnsManagementSearchTitle: 'खोजें',
  columnsManagementNoColumns: 'कोई कॉलम नहीं',
  columnsManagementShowHideAllText: 'सब दिखाएँ/छिपाएँ',
  columnsManagementReset: 'पहले जैसा',
  columnsManagementDeleteIconLabel: 'हटाएँ',
  columnMenuLabel: 'मेन्यू',
  columnMenuAriaLabel: (columnName: string) => `${columnName} कॉलम का मेन्यू`,
  columnMenuShowColumns: 'कॉलम दिखाएँ',
  columnMenuManageColumns: 'कॉलम चुनें',
  columnMenuHideColumn: 'छिपाएँ',
  columnMenuUnsort: 'क्रम हटाएँ',
  columnMenuSortAsc: 'बढ़ते क्रम में',
  columnMenuSortDesc: 'घटते क्रम में',
  columnHeaderSortIconLabel: 'क्रम',
  footerRowSelected: (count: number) => `${count.toLocaleString('hi-IN-u-nu-latn')} पंक्ति चुनी गई`,
  footerTotalRows: 'कुल पंक्तियाँ:',
  booleanCellTrueLabel: 'हाँ',
  booleanCellFalseLabel: 'नहीं',
  actionsCellMore: 'और',
  pinToRight: 'दाईं ओर टिकाएँ',
  unpin: 'टिकाना हटाएँ',
  checkboxSelectionHeaderName: 'चुनें',
  checkboxSelectionSelectAllRows: 'सभी पंक्तियाँ चुनें',
  checkboxSelectionUnselectAllRows: 'सभी पंक्तियों का चुनाव हटाएँ',
  checkboxSelectionSelectRow: 'पंक्ति चुनें',
  checkboxSelectionUnselectRow: 'पंक्ति का चुनाव हटाएँ',
  paginationItemAriaLabel: (type) =>
    ({ first: 'पहले पेज पर जाएँ', last: 'आखिरी पेज पर जाएँ', next: 'अगले पेज पर जाएँ', previous: 'पिछले पेज पर जाएँ' })[
      type
    ],
};
