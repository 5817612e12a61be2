// The template editor's public face for other features (launch): the vendor's shops query and its error text.
export { errorText, type MyShop, myShopsKey, useMyShop } from './editor-api.ts';
