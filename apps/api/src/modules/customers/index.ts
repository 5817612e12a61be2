/** The customers module's public face (issue 38): the book's routes, and the khata steps of a counter sale on credit. */
export { customerRoutes } from './customers.routes.ts';
export { creditCustomer, sendCreditSale } from './khata.service.ts';
