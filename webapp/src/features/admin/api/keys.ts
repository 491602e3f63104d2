export const adminKeys = {
  all: ['admin'] as const,
  templates: () => [...adminKeys.all, 'templates'] as const,
  smtp: () => [...adminKeys.all, 'smtp'] as const,
  backups: () => [...adminKeys.all, 'backups'] as const,
};
