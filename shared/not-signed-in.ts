// SPEC §8's text for a 401, in a module of its own: the web app's first-page script (its API client) needs only
// this one, and bundling the whole MSG table there would add to every first page's download.
export const NOT_SIGNED_IN = 'You need to be logged in to perform this action.';
