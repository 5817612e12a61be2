/** "Your Haat account" (decision 0032): the shops holding a shopper's data, and deleting the account. */
export { HaatAccountPage } from './haat-account-page.tsx';
