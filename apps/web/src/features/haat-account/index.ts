/** "Your Haat account" (decision 0032): the shops holding a shopper's data, and deleting the account. */
export { AccountExtras } from './account-extras.tsx';
export { HaatAccountSections } from './haat-account-page.tsx';
