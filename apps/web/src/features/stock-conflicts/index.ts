/** Stock conflicts of the offline counter (issue 43): the screen to resolve them and the owner's notice. */
export { STOCK_CONFLICTS_PATH, StockConflictsNotice } from './conflicts-notice.tsx';
export { StockConflictsPage } from './stock-conflicts-page.tsx';
