// The events table names its columns as Prisma names the fields, in snake case: imageUrl is image_url.
export const columnOf = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
