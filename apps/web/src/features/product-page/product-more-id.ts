/** The id of the reviews and similar products below a product (product-more.tsx), watched to load them. */
export const MORE_ID = 'product-more';
