// Ids a request named wrongly, as a 400 lists them: enough to find them, never a wall of numbers.

/** The first ten ids, comma-separated, with ", …" after them when there are more. */
export const idList = (userIds: number[]) => `${userIds.slice(0, 10).join(', ')}${userIds.length > 10 ? ', …' : ''}`;
