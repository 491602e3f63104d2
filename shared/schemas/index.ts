// Every request schema, for the API and the tests. The web app imports the feature file it needs
// (shared/schemas/events.ts), never this one: each file's schemas run when loaded, so importing here would put
// every feature's schemas and refusals into the importing chunk.
export * from './said';
export * from './fields';
export * from './users';
export * from './events';
export * from './rsvp';
export * from './questions';
export * from './comments';
export * from './admin';
export * from './auth';
export * from './membership';
export * from './guardians';
