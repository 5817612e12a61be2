/** The books module's public face (issue 38): expenses and the profit and loss, entered only through this file. */
export { booksRoutes } from './books.routes.ts';
