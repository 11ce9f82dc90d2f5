/** Anchors of the account page that other pages link to. */
export const DATA_COPY_ANCHOR = 'my-data';
