/** The books (issue 38): expenses and the profit and loss, entered only through this file. */
export { BooksPage } from './books-page.tsx';
