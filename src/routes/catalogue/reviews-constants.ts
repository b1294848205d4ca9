/** Reviews per page on the product page (server first page and the reviews route). */
export const REVIEWS_PAGE_SIZE = 5;
